#pragma once
// Locates ../shared/fixtures (msprobe's real dumps and outputs). Tests that
// need it call shared_fixtures_or_skip(), return early when it is absent, and
// carry the [fixtures] tag so a skipped run can be told from a passed one.
#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace msprobe::testing {

// Where the fixtures are expected: ../shared/fixtures beside the checkout, or
// $MSPROBE_SHARED_DIR/fixtures.
std::filesystem::path shared_fixtures_dir();

// MSPROBE_REQUIRE_FIXTURES=1 (set by CI) turns a missing fixtures folder into
// a failure: there, a skip would hide that the conformance tests never ran.
bool fixtures_required();

// The fixtures folder, or nullopt after a warning naming the missing path.
inline std::optional<std::filesystem::path> shared_fixtures_or_skip() {
    const auto dir = shared_fixtures_dir();
    if (std::filesystem::is_directory(dir)) return std::filesystem::canonical(dir);
    if (fixtures_required()) FAIL(dir.string() << " is absent and MSPROBE_REQUIRE_FIXTURES=1 asks for it");
    WARN("SKIPPED: " << dir.string() << " is absent; this test's checks against msprobe's outputs did not run");
    return std::nullopt;
}

// A fresh, empty scratch directory for one test.
std::filesystem::path scratch_dir(const std::string& name);

// `text` written to <a fresh scratch_dir(name)>/<file_name>; its path.
std::filesystem::path scratch_file(const std::string& name, const std::string& file_name, const std::string& text);

}  // namespace msprobe::testing
