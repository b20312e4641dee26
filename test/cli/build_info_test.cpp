// msprobe --version: the version and commit, the releases reproduced, the
// kernel the self-check let through on this CPU, the allocator, and the build's features.
#include <catch2/catch.hpp>

#include <sstream>
#include <vector>

#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST_CASE("msprobe --version says the version, the releases, the kernel, the allocator and the build", "[cli]") {
    const fs::path dir = scratch_dir("build_info_version");
    for (const char* spelling : {"--version", "-v"}) {
        const auto r = run_msprobe({spelling}, dir);
        REQUIRE(r.exit_code == 0);
        const auto lines = lines_of(r.out);
        REQUIRE(lines.size() == 5);
        CHECK(lines[0].rfind("msprobe-cpp ", 0) == 0);
        CHECK(lines[0].find(" (commit ") != std::string::npos);
        CHECK(lines[1].find("April 2026") != std::string::npos);
        CHECK(lines[1].find("August 2026") != std::string::npos);
        CHECK(lines[2].rfind("kernel: ", 0) == 0);
#ifdef MSPROBE_WITH_MIMALLOC
        CHECK(lines[3].rfind("allocator: mimalloc 2.", 0) == 0);
#else
        CHECK(lines[3] == "allocator: the C library's malloc");
#endif
        CHECK(lines[4].rfind("build: ", 0) == 0);
#ifdef MSPROBE_WITH_MPI
        CHECK(lines[4].find("MPI: yes") != std::string::npos);
#else
        CHECK(lines[4].find("MPI: no") != std::string::npos);
#endif
    }
    // The kernel line follows MSPROBE_KERNEL_ISA: scalar is on every CPU and has no self-check to fail.
    const auto scalar = run_msprobe({"--version"}, dir, nullptr, "export MSPROBE_KERNEL_ISA=scalar && ");
    REQUIRE(scalar.exit_code == 0);
    CHECK(lines_of(scalar.out).at(2).rfind("kernel: scalar (self-check passed; this CPU offers scalar", 0) == 0);
    // A set that does not exist is named, and the widest set is used.
    const auto unknown = run_msprobe({"--version"}, dir, nullptr, "export MSPROBE_KERNEL_ISA=sse9 && ");
    REQUIRE(unknown.exit_code == 0);
    CHECK(unknown.out.find("sse9") != std::string::npos);
}
