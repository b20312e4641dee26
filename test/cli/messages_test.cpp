// Messages: one line whatever bytes a path or key holds, every error naming
// its file and a plain reason, and -i saying what it expected.
#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

#include "captured_cli_run.hpp"
#include "common/error.hpp"
#include "bad_input_checks.hpp"
#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

// run_cli over one subcommand "boom" whose run throws what `thrown` says.
const char* thrown = "";

msprobe::cli::Runner add_boom(CLI::App&, const msprobe::cli::GlobalOptions&) {
    return []() -> msprobe::cli::RunOutcome {
        if (std::string(thrown) == "error") throw msprobe::Error("two\nlines.json", "bad \x1b[31m input");
        if (std::string(thrown) == "logic") throw std::out_of_range("vector::_M_range_check: __n (which is 3)");
        throw 42;
    };
}

msprobe::testing::CapturedCliRun run_boom(const char* what) {
    thrown = what;
    constexpr msprobe::cli::Subcommand kTable[] = {
        {.name = "boom", .shape = msprobe::cli::Shape::April, .add = &add_boom, .help = "throws"}};
    return msprobe::testing::run_cli_captured(kTable, {"boom"});
}

}  // namespace

TEST_CASE("bad input exits 2 and anything else is an internal error, exit 3", "[cli][messages]") {
    const auto bad = run_boom("error");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err == "msprobe boom: error: two\\nlines.json: bad \\x1b[31m input\n");
    const auto defect = run_boom("logic");
    CHECK(defect.exit_code == 3);
    CHECK(defect.err ==
          "msprobe boom: internal error, please report: vector::_M_range_check: __n (which is 3)\n");
    const auto unknown = run_boom("other");
    CHECK(unknown.exit_code == 3);
    CHECK(unknown.err == "msprobe boom: internal error, please report: an exception of unknown type\n");
}

TEST_CASE("a newline or NUL in a path does not split the error line", "[cli][messages]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_messages_newline");
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "two\nlines.json", "-o", "out"}, dir);
    msprobe::testing::require_one_line_error(r, {"two\\nlines.json", "no such file"});
    CHECK_FALSE(fs::exists(dir / "out"));
    fs::remove_all(dir);
}

TEST_CASE("warnings are escaped too", "[cli][messages]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_messages_warning");
    // -da skips a rank without dump.json with a warning naming its directory.
    write_text(dir / "compare.json", R"({"npu_path": "n\npu", "bench_path": "bench"})");
    for (const char* side : {"n\npu", "bench"}) {
        write_text(dir / side / "rank0/dump.json", msprobe::testing::kOneApiStatisticsDump);
        fs::create_directories(dir / side / "rank1");
    }
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-da"}, dir);
    INFO(r.err << r.out);
    CHECK(r.exit_code == 0);
    const auto at = r.out.find("n\\npu/rank1: no dump.json on either side; skipping rank1 comparison.\n");
    CHECK(at != std::string::npos);
    CHECK(r.out.find("n\npu") == std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("compare.json that cannot be read names the file and a plain reason", "[cli][messages]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_messages_config");
    auto compare = [&](const std::string& input) {
        return run_msprobe({"-f", "pytorch", "compare", "-i", input, "-o", "out"}, dir);
    };
    SECTION("a directory") {
        fs::create_directories(dir / "conf.json");
        msprobe::testing::require_one_line_error(compare("conf.json"),
                                                 {"conf.json: is a directory; expected compare.json"});
    }
    SECTION("a symbolic link loop") {
        fs::create_symlink("loop_b.json", dir / "loop_a.json");
        fs::create_symlink("loop_a.json", dir / "loop_b.json");
        msprobe::testing::require_one_line_error(compare("loop_a.json"),
                                                 {"loop_a.json: too many levels of symbolic links"});
    }
    SECTION("a name longer than the file system allows") {
        const std::string name(300, 'n');
        msprobe::testing::require_one_line_error(compare(name + ".json"), {name, "file name too long"});
    }
    CHECK_FALSE(fs::exists(dir / "out"));
    fs::remove_all(dir);
}

TEST_CASE("-i says what it expected", "[cli][messages]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_messages_expected");
    write_text(dir / "step0/rank0/dump.json", msprobe::testing::kOneApiStatisticsDump);
    SECTION("nan_analyze given a file") {
        const auto r = run_msprobe({"-f", "pytorch", "nan_analyze", "-i", "step0/rank0/dump.json"}, dir);
        msprobe::testing::require_one_line_error(
            r, {"step0/rank0/dump.json: is not a directory; expected a step directory"});
    }
    SECTION("nan_analyze given nothing that exists") {
        const auto r = run_msprobe({"-f", "pytorch", "nan_analyze", "-i", "step9"}, dir);
        msprobe::testing::require_one_line_error(r, {"step9: no such directory; expected a step directory"});
    }
    SECTION("merge_result given a file") {
        write_text(dir / "config.yaml", "api:\n- Functional.relu\n");
        const auto r = run_msprobe({"merge_result", "-i", "config.yaml", "-o", "out", "-config", "config.yaml"}, dir);
        msprobe::testing::require_one_line_error(
            r, {"config.yaml: is not a directory; expected a directory of compare_result_rank"});
    }
    fs::remove_all(dir);
}
