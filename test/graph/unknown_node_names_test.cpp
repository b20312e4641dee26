// A construct.json name no pattern knows is said once per graph, at the level asked.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "graph/unknown_node_names.hpp"
#include "support/captured_output.hpp"

using msprobe::graph::KnownNames;
using msprobe::graph::UnknownNodeNames;
using msprobe::log::Level;
using msprobe::testing::captured_output;

namespace {

bool default_threshold() {
    const char* level = std::getenv("MSPROBE_LOG_LEVEL");
    if (level && std::string(level) != "1") {
        WARN("SKIPPED: MSPROBE_LOG_LEVEL=" << level << " is set; the test needs the default threshold");
        return false;
    }
    return true;
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("unknown_node_names: a warning once per name, none for known names", "[graph][node_kind]") {
    if (!default_threshold()) return;
    UnknownNodeNames names(KnownNames::Patterns, Level::Warning);
    const std::string out = captured_output(STDOUT_FILENO, [&] {
        names.note("Torch.relu.0.forward");
        names.note("Mystery.layer");
        names.note("Mystery.layer");
        names.note("DefaultModel");
    });
    CHECK(count(out, "[WARNING] Cannot parse node_name Mystery.layer into NodeOp, default parsing as module.\n") == 1);
    CHECK(count(out, "[WARNING] Cannot parse node_name DefaultModel into NodeOp") == 1);
    CHECK(count(out, "\n") == 2);
    CHECK(captured_output(STDOUT_FILENO, [&] { names.note("Mystery.layer"); }).empty());
}

TEST_CASE("unknown_node_names: knowing the root's name, and saying the rest at debug level", "[graph][node_kind]") {
    if (!default_threshold()) return;
    UnknownNodeNames names(KnownNames::PatternsAndRoot, Level::Debug);
    CHECK(captured_output(STDOUT_FILENO, [&] {
              names.note("DefaultModel");
              names.note("Mystery.layer");  // below the default threshold
          }).empty());
    UnknownNodeNames info(KnownNames::PatternsAndRoot, Level::Info);
    const std::string out = captured_output(STDOUT_FILENO, [&] {
        info.note("DefaultModel");
        info.note("Mystery.layer");
    });
    CHECK(out.find("[INFO] Cannot parse node_name Mystery.layer") != std::string::npos);
    CHECK(out.find("DefaultModel") == std::string::npos);
}
