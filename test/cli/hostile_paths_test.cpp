// Paths a user can give that the system refuses (a loop of soft links, a name
// over 255 bytes), ranks whose dump.json is a FIFO, a compare where every rank
// fails, and numbers JSON cannot hold: each ends with one line naming the file
// and the command's input-error code, never exit 0 or "internal error", and no
// output folder is left behind.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "bad_input_checks.hpp"
#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

std::size_t lines_of(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

fs::path three_rank_pair(const std::string& name) {
    const fs::path dir = msprobe::testing::scratch_dir(name);
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 40;
    options.ranks = 3;
    msprobe::testing::generate_dump_pair(options);
    return dir;
}

void make_fifo(const fs::path& p) {
    fs::remove(p);
    REQUIRE(::mkfifo(p.c_str(), 0600) == 0);
}

}  // namespace

TEST_CASE("hostile paths: a rank whose dump.json is a FIFO fails the step compare, never passed over",
          "[cli][hostile]") {
    const fs::path dir = three_rank_pair("cli_hostile_fifo_rank");
    make_fifo(dir / "npu/step0/rank1/dump.json");
    const auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 1);  // August's compare: what the run finds is exit 1
    CHECK(r.err.find("npu/step0/rank1/dump.json: not a regular file (it is a FIFO)") != std::string::npos);
    CHECK(r.err.find("is not found") == std::string::npos);
    CHECK(r.err.find("1 rank(s) could not be compared (rank1)") != std::string::npos);

    // The first divergence searches (-da on both command lines) read every rank: the FIFO is named, not skipped.
    for (const auto& args : {std::vector<std::string>{"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-da", "-o",
                                                      "out_da"},
                             std::vector<std::string>{"diff_analyze", "-tp", "npu/step0", "-gp", "bench/step0", "-o",
                                                      "out_da"}}) {
        CAPTURE(args.front());
        const auto da = run_msprobe(args, dir);
        CHECK(da.exit_code != 0);
        CHECK(da.err.find("npu/step0/rank1/dump.json: not a regular file (it is a FIFO)") != std::string::npos);
        CHECK(da.err.find("is not found") == std::string::npos);
        CHECK_FALSE(fs::exists(dir / "out_da"));
    }

    // The first rank's: nothing is compared at all.
    make_fifo(dir / "npu/step0/rank0/dump.json");
    const auto first = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out_first"}, dir);
    CHECK(first.exit_code == 1);
    CHECK(first.err.find("npu/step0/rank0/dump.json: not a regular file (it is a FIFO)") != std::string::npos);
    CHECK(lines_of(first.err) == 1);
    CHECK_FALSE(fs::exists(dir / "out_first"));
}

TEST_CASE("hostile paths: every rank failing leaves no output folder and says nothing was written",
          "[cli][hostile]") {
    const fs::path dir = three_rank_pair("cli_hostile_every_rank");
    for (const char* rank : {"rank0", "rank1", "rank2"}) {
        write_text(dir / "bench/step0" / rank / "dump.json", "{\"task\": \"statistics\", \"data\": {");
    }
    const auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out/nested"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("no rank could be compared (rank0, rank1, rank2); nothing is written") != std::string::npos);
    CHECK(r.err.find("the other ranks' files are written") == std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("hostile paths: a loop of soft links or an over-long name is the user's input error, not an internal one",
          "[cli][hostile]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_hostile_system_paths");
    fs::create_directory_symlink("loop_b", dir / "loop_a");
    fs::create_directory_symlink("loop_a", dir / "loop_b");
    const std::string long_name(300, 'n');
    for (const std::string& path : {std::string("loop_a/step0"), long_name + "/step0"}) {
        CAPTURE(path.substr(0, 20));
        write_text(dir / "compare.json",
                   R"({"npu_path": ")" + path + R"(", "bench_path": ")" + path + R"("})");
        const ProcessResult compare = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"}, dir);
        CHECK(compare.exit_code == 2);
        CHECK(lines_of(compare.err) == 1);
        CHECK(compare.err.find("internal error") == std::string::npos);
        CHECK(compare.err.find(path.substr(0, 20)) != std::string::npos);

        const ProcessResult overflow = run_msprobe({"-f", "pytorch", "overflow_check", "-i", path, "-o", "out"}, dir);
        CHECK(overflow.exit_code == 2);
        CHECK(lines_of(overflow.err) == 1);
        CHECK(overflow.err.find("internal error") == std::string::npos);

        const ProcessResult august = run_msprobe({"overflow_check", "-i", path, "-o", "out"}, dir);
        CHECK((august.exit_code == 1 || august.exit_code == 2));
        CHECK(august.err.find("internal error") == std::string::npos);
        CHECK_FALSE(fs::exists(dir / "out"));
    }
}

TEST_CASE("hostile paths: compare.json's npu_path a loop of soft links, or a name over NAME_MAX: one line naming it",
          "[cli][hostile]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_hostile_npu_path");
    fs::create_symlink("loop_b", dir / "loop_a");
    fs::create_symlink("loop_a", dir / "loop_b");
    write_text(dir / "bench/dump.json", msprobe::testing::kOneApiStatisticsDump);
    const std::string long_name = std::string(300, 'n') + ".json";
    const std::pair<std::string, std::string> cases[] = {{"loop_a", "too many levels of symbolic links"},
                                                         {"loop_a/dump.json", "too many levels of symbolic links"},
                                                         {long_name, "file name too long"}};
    for (const auto& [npu_path, reason] : cases) {
        CAPTURE(npu_path.substr(0, 20));
        write_text(dir / "compare.json", R"({"npu_path": ")" + npu_path + R"(", "bench_path": "bench/dump.json"})");
        for (const auto& args :
             {std::vector<std::string>{"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"},
              std::vector<std::string>{"-f", "pytorch", "diff_analyze", "-i", "compare.json", "-o", "out"}}) {
            const ProcessResult r = run_msprobe(args, dir);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "msprobe " + args[2] + ": error: " + npu_path + ": " + reason + "\n");
        }
    }
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("hostile paths: August's compare into an output folder that cannot be made says so once, exit 1",
          "[cli][hostile]") {
    const fs::path dir = three_rank_pair("cli_hostile_output_folder");
    write_text(dir / "a_file", "x");
    fs::create_directory_symlink("gone", dir / "dangling");  // a link whose folder is not there (an unmounted volume)
    std::vector<std::pair<std::string, std::string>> cases = {
        {"a_file/out", "a_file/out/: cannot use as the output directory: Not a directory"},
        {"dangling/out", "dangling/out: cannot create the output directory: No such file or directory"}};
    if (::geteuid() != 0) {  // root writes into a read-only folder
        fs::create_directories(dir / "read_only");
        fs::permissions(dir / "read_only", fs::perms::owner_read | fs::perms::owner_exec);
        cases.emplace_back("read_only/out", "read_only/out: cannot create the output directory: Permission denied");
    }
    for (const auto& [output, message] : cases) {
        for (const char* step : {"step0", "step0/rank1/dump.json"}) {  // the ranks of a step folder, and one pair
            CAPTURE(output, step);
            const std::string npu = std::string("npu/") + step;
            const std::string bench = std::string("bench/") + step;
            const auto r = run_msprobe({"compare", "-tp", npu, "-gp", bench, "-o", output}, dir);
            CHECK(r.exit_code == 1);
            CHECK(r.err == "msprobe compare: error: " + message + "\n");
            CHECK(r.out.find("Skipping") == std::string::npos);
        }
    }
    if (fs::exists(dir / "read_only")) fs::permissions(dir / "read_only", fs::perms::owner_all);
    CHECK_FALSE(fs::exists(dir / "gone"));
}

TEST_CASE("hostile paths: a number JSON cannot hold is named in a sentence, not a library's message",
          "[cli][hostile]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_hostile_number_overflow");
    fs::create_directories(dir / "npu");
    fs::create_directories(dir / "bench");
    write_text(dir / "compare.json",
               R"({"npu_path": "npu", "bench_path": "bench", "rank_id": [0], "step_id": [1e400]})");
    const ProcessResult r = run_msprobe({"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(lines_of(r.err) == 1);
    CHECK(r.err.find("compare.json: invalid JSON value: number overflow parsing '1e400'") != std::string::npos);
    CHECK(r.err.find("json.exception") == std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
}
