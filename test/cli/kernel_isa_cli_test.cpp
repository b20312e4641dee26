// MSPROBE_KERNEL_ISA through the binary: a real-data compare runs on the set
// it names (logged at debug level), gives the same cells on every set, and an
// unknown value draws exactly one warning line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

// Runs a csv real-data compare of `dir` into `dir/<out>` with MSPROBE_KERNEL_ISA
// set to `isa` (unset when empty) and the debug log on.
msprobe::testing::ProcessResult compare_with(const fs::path& dir, const std::string& isa, const std::string& out) {
    ::setenv("MSPROBE_LOG_LEVEL", "0", 1);
    if (isa.empty()) {
        ::unsetenv("MSPROBE_KERNEL_ISA");
    } else {
        ::setenv("MSPROBE_KERNEL_ISA", isa.c_str(), 1);
    }
    auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", out, "--format", "csv"}, dir);
    ::unsetenv("MSPROBE_KERNEL_ISA");
    ::unsetenv("MSPROBE_LOG_LEVEL");
    return r;
}

std::string result_text(const fs::path& out) {
    for (const auto& e : fs::directory_iterator(out)) {
        if (e.path().filename().string().rfind("compare_result_", 0) == 0) {
            return msprobe::testing::read_file_text(e.path());
        }
    }
    return {};
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("MSPROBE_KERNEL_ISA picks the metric kernel of a real-data compare", "[cli][kernel]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_kernel_isa");
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 30;
    options.task = msprobe::testing::DumpTask::Tensor;  // with one +inf in an npu output
    msprobe::testing::generate_dump_pair(options);

    const auto widest = compare_with(dir, "", "out_default");
    INFO(widest.out << widest.err);
    REQUIRE(widest.exit_code == 0);
    const auto chosen = widest.out.find("metric kernel: ");
    REQUIRE(chosen != std::string::npos);
    CHECK(occurrences(widest.out, "metric kernel: ") == 1);
    CHECK(widest.out.find("[WARNING]") == std::string::npos);
    const std::string expected = result_text(dir / "out_default");
    REQUIRE_FALSE(expected.empty());

    const auto scalar = compare_with(dir, "scalar", "out_scalar");
    INFO(scalar.out << scalar.err);
    CHECK(scalar.exit_code == 0);
    CHECK(scalar.out.find("metric kernel: scalar\n") != std::string::npos);
    CHECK(result_text(dir / "out_scalar") == expected);

    const auto unknown = compare_with(dir, "fastest", "out_unknown");
    INFO(unknown.out << unknown.err);
    CHECK(unknown.exit_code == 0);
    CHECK(occurrences(unknown.out, "[WARNING]") == 1);
    CHECK(occurrences(unknown.out, "[WARNING] MSPROBE_KERNEL_ISA=fastest is not one of scalar, sse2, avx2, avx512, "
                                   "neon; using ") == 1);
    CHECK(result_text(dir / "out_unknown") == expected);
}
