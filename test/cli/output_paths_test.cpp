// Output paths and resource flags: a symbolic link in the output path is not
// followed, -j is capped and checked, and empty, repeated or contradicting flags
// are refused.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>

#include "bad_input_checks.hpp"
#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::require_one_line_error;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

struct Pair {
    fs::path dir;
    explicit Pair(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_paths_" + name)) {
        write_text(dir / "compare.json", R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");
        write_text(dir / "npu/dump.json", msprobe::testing::kOneApiStatisticsDump);
        write_text(dir / "bench/dump.json", msprobe::testing::kOneApiStatisticsDump);
    }
    ~Pair() { fs::remove_all(dir); }
    ProcessResult compare(std::vector<std::string> extra) const {
        std::vector<std::string> args{"-f", "pytorch", "compare", "-i", "compare.json"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_msprobe(args, dir);
    }
};

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

}  // namespace

TEST_CASE("an output directory that is a symbolic link is refused", "[cli][paths]") {
    Pair pair("symlink");
    fs::create_directories(pair.dir / "elsewhere");
    fs::create_directory_symlink("elsewhere", pair.dir / "link");
    SECTION("the output directory itself") {
        require_one_line_error(pair.compare({"-o", "link"}), {"link: the output directory is a symbolic link"});
        require_one_line_error(pair.compare({"-o", "link/"}), {"the output directory is a symbolic link"});
    }
    SECTION("a directory below one is accepted, as in msprobe (system paths are often links)") {
        fs::create_directories(pair.dir / "real");
        fs::create_directory_symlink("real", pair.dir / "parent_link");
        const auto r = pair.compare({"-o", "parent_link/out"});
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(entries(pair.dir / "real/out") > 0);
    }
    SECTION("every subcommand that writes") {
        write_text(pair.dir / "step0/rank0/dump.json", msprobe::testing::kOneApiStatisticsDump);
        require_one_line_error(
            run_msprobe({"overflow_check", "-i", "npu/dump.json", "-o", "link", "--format", "json"}, pair.dir),
            {"symbolic link"});
    }
    CHECK(entries(pair.dir / "elsewhere") == 0);
    const auto r = pair.compare({"-o", "elsewhere"});  // its real path is fine
    INFO(r.err);
    CHECK(r.exit_code == 0);
}

TEST_CASE("the thread count (-j) is checked and capped", "[cli][paths]") {
    Pair pair("jobs");
    SECTION("too many threads are lowered, with a warning") {
        const auto r = pair.compare({"-o", "out", "-j", "200000"});
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("-j 200000 is more than 4 threads per core") != std::string::npos);
    }
    SECTION("zero is refused") {
        const auto r = pair.compare({"-o", "out", "-j", "0"});
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("-j") != std::string::npos);
        CHECK_FALSE(fs::exists(pair.dir / "out"));
    }
    SECTION("a thread limit lowers the count instead of hanging") {
        if (::geteuid() == 0) return;  // root is not held to RLIMIT_NPROC
        const std::string cmd = "cd " + msprobe::testing::shell_quote(pair.dir.string()) +
                                " && bash -c 'ulimit -u 1; exec " + MSPROBE_BINARY +
                                " -f pytorch compare -i compare.json -o out -j 8 --format csv -c' >/dev/null 2>&1";
        const int status = std::system(cmd.c_str());
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
    }
}

TEST_CASE("empty and repeated flags are refused", "[cli][paths]") {
    Pair pair("flags");
    require_one_line_error(pair.compare({"-o", ""}), {"argument -o/--output_path: expected a non-empty value"});
    require_one_line_error(pair.compare({"-o", "out", "--format", ""}),
                           {"argument --format: expected a non-empty value"});
    require_one_line_error(pair.compare({"-o", "out", "-i", "other.json"}),
                           {"argument -i/--input_path: given more than once"});
    require_one_line_error(run_msprobe({"-f", "pytorch", "nan_analyze", "-i", "npu", "-o="}, pair.dir),
                    {"argument -o/--output_path: expected a non-empty value"});
    CHECK_FALSE(fs::exists(pair.dir / "out"));
}

TEST_CASE("flags that contradict each other are refused", "[cli][paths]") {
    Pair pair("conflicts");
    require_one_line_error(
        run_msprobe({"parse", "npu/dump.json", "--api", "Functional.relu", "--prefix", "--exact"}, pair.dir),
        {"--prefix excludes --exact"});
    require_one_line_error(
        run_msprobe({"parse", "npu/dump.json", "--api", "Functional.relu", "--stats-only", "--stack-only"}, pair.dir),
        {"--stats-only excludes --stack-only"});
}
