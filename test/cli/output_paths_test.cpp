// Output paths and resource flags: a symbolic link in the output path is not
// followed, -j is capped and checked, and empty, repeated or contradicting flags
// are refused.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

const char* kDump = R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null,
 "data": {"Functional.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32",
   "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}], "input_kwargs": {},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0,
   "Mean": 0.5, "Norm": 1.0, "requires_grad": false}]}}})";

struct Pair {
    fs::path dir;
    explicit Pair(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_paths_" + name)) {
        write_text(dir / "compare.json", R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");
        write_text(dir / "npu/dump.json", kDump);
        write_text(dir / "bench/dump.json", kDump);
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

void require_refusal(const ProcessResult& r, const std::string& part) {
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(part) != std::string::npos);
}

}  // namespace

TEST_CASE("an output directory that is a symbolic link is refused", "[cli][paths]") {
    Pair pair("symlink");
    fs::create_directories(pair.dir / "elsewhere");
    fs::create_directory_symlink("elsewhere", pair.dir / "link");
    SECTION("the output directory itself") {
        require_refusal(pair.compare({"-o", "link"}), "link: the output directory is a symbolic link");
        require_refusal(pair.compare({"-o", "link/"}), "the output directory is a symbolic link");
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
        write_text(pair.dir / "step0/rank0/dump.json", kDump);
        require_refusal(run_msprobe({"overflow_check", "-i", "npu/dump.json", "-o", "link", "--format", "json"}, pair.dir),
                        "symbolic link");
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
        const std::string cmd = "cd " + msprobe::testing::shell_quote(pair.dir.string()) + " && bash -c 'ulimit -u 1; exec " +
                                MSPROBE_BINARY + " -f pytorch compare -i compare.json -o out -j 8 --format csv -c' >/dev/null 2>&1";
        const int status = std::system(cmd.c_str());
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
    }
}

TEST_CASE("empty and repeated flags are refused", "[cli][paths]") {
    Pair pair("flags");
    require_refusal(pair.compare({"-o", ""}), "argument -o/--output_path: expected a non-empty value");
    require_refusal(pair.compare({"-o", "out", "--format", ""}), "argument --format: expected a non-empty value");
    require_refusal(pair.compare({"-o", "out", "-i", "other.json"}), "argument -i/--input_path: given more than once");
    require_refusal(run_msprobe({"-f", "pytorch", "nan_analyze", "-i", "npu", "-o="}, pair.dir),
                    "argument -o/--output_path: expected a non-empty value");
    CHECK_FALSE(fs::exists(pair.dir / "out"));
}

TEST_CASE("flags that contradict each other are refused", "[cli][paths]") {
    Pair pair("conflicts");
    require_refusal(run_msprobe({"parse", "npu/dump.json", "--api", "Functional.relu", "--prefix", "--exact"}, pair.dir),
                    "--prefix excludes --exact");
    require_refusal(run_msprobe({"parse", "npu/dump.json", "--api", "Functional.relu", "--stats-only", "--stack-only"},
                                pair.dir),
                    "--stats-only excludes --stack-only");
}
