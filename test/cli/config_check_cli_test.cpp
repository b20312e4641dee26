// config_check end to end: argparse's surface (the four exclusive operations, their value counts, -vc/-vv),
// msprobe's dispatch, exit codes, and what a refused run leaves behind.
#include <catch2/catch.hpp>

#include <map>

#include <filesystem>
#include <string>

#include "../config_check/pack_files.hpp"
#include "msprobe_process.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/megatron_checkpoint_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

std::size_t lines_of(const std::string& text) {
    std::size_t n = 0;
    for (const char c : text) n += c == '\n' ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("config_check: no operation is msprobe's refusal, exit 1", "[cli][config_check]") {
    const auto dir = msprobe::testing::scratch_dir("cc_cli_none");
    const auto r = run_msprobe({"config_check", "-o", "out"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("The param is not correct, you need to give '-d' for dump or '-c' for compare or '-vc' for "
                     "verl compare or '-vv' for verl verify.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("config_check: argparse's refusals exit 2", "[cli][config_check]") {
    const auto dir = msprobe::testing::scratch_dir("cc_cli_usage");
    CHECK(run_msprobe({"config_check", "-d", "-c", "a.zip", "b.zip"}, dir).exit_code == 2);
    CHECK(run_msprobe({"config_check", "-c", "a.zip"}, dir).exit_code == 2);
    CHECK(run_msprobe({"config_check", "-c", "a.zip", "b.zip", "c.zip"}, dir).exit_code == 2);
    CHECK(run_msprobe({"config_check", "-vc", "a.log", "-vv", "b.log"}, dir).exit_code == 2);
    CHECK(run_msprobe({"config_check", "--bogus"}, dir).exit_code == 2);
}

TEST_CASE("config_check -c: two packs compared into OUT", "[cli][config_check]") {
    const auto dir = msprobe::testing::scratch_dir("cc_cli_compare");
    msprobe::testing::write_pack_members(dir / "bench.zip", {{"pip", "torch=2.1\n"}, {"env", R"({"NCCL_ALGO": "a"})"}});
    msprobe::testing::write_pack_members(dir / "cmp.zip", {{"pip", "torch=2.2\n"}, {"env", R"({"NCCL_ALGO": "b"})"}});
    SECTION("the default output folder and the log of msprobe") {
        const auto r = run_msprobe({"config_check", "-c", "bench.zip", "cmp.zip"}, dir);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("The input paths is zip files, comparing packed config.") != std::string::npos);
        CHECK(r.out.find("[config checking log] extract zip file bench.zip to ./config_check_result/bench") !=
              std::string::npos);
        const auto book = msprobe::report::read_xlsx((dir / "config_check_result/result.xlsx").string());
        REQUIRE(book.sheets.size() == 3);
        CHECK(book.sheets[1].name == "env");
        REQUIRE(book.sheets[1].rows.size() == 2);
        REQUIRE(book.sheets[1].rows[1].size() == 5);
        CHECK(book.sheets[1].rows[1][2].text() == "a");  // the bench pack's value under bench_value
        // The summary counts the summary sheet's verdicts and names its first checker that did not pass.
        std::map<std::string, std::size_t> levels;
        std::map<std::string, std::string> first_of;  // level → its first checker
        for (std::size_t row = 1; row < book.sheets[0].rows.size(); ++row) {
            const std::string level(book.sheets[0].rows[row][1].text());
            ++levels[level];
            first_of.emplace(level, std::string(book.sheets[0].rows[row][0].text()));
        }
        const std::string worst = levels["error"] > 0 ? "error" : "warning";
        CHECK(r.out.find("Checked " + std::to_string(book.sheets[0].rows.size() - 1) + " configuration items: " +
                         std::to_string(levels["pass"]) + " pass, " + std::to_string(levels["warning"]) + " warning, " +
                         std::to_string(levels["error"]) + " error.\n") != std::string::npos);
        REQUIRE(first_of.contains(worst));
        CHECK(r.out.find("First " + worst + ": " + first_of[worst] + ": ") != std::string::npos);
        CHECK(r.out.find("Written:\n  ./config_check_result/result.xlsx\n") != std::string::npos);
    }
    SECTION("--strict_compat: msprobe's swapped env columns") {
        const auto r =
            run_msprobe({"config_check", "--compare", "bench.zip", "cmp.zip", "--output", "o", "--strict_compat"}, dir);
        CHECK(r.exit_code == 0);
        const auto book = msprobe::report::read_xlsx((dir / "o/result.xlsx").string());
        REQUIRE(book.sheets.size() == 3);
        REQUIRE(book.sheets[1].rows.size() == 2);
        REQUIRE(book.sheets[1].rows[1].size() == 5);
        CHECK(book.sheets[1].rows[1][2].text() == "b");
    }
    SECTION("a missing or damaged pack: one line naming it, exit 1, nothing written") {
        auto r = run_msprobe({"config_check", "-c", "bench.zip", "absent.zip", "-o", "o"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("absent.zip") != std::string::npos);
        CHECK(lines_of(r.err) == 1);
        CHECK_FALSE(fs::exists(dir / "o"));
        msprobe::testing::write_file(dir / "bad.zip", "PK\x05\x06 damaged");
        r = run_msprobe({"config_check", "-c", "bench.zip", "bad.zip", "-o", "o"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("bad.zip") != std::string::npos);
        CHECK_FALSE(fs::exists(dir / "o"));
    }
    SECTION("an output path that is a file") {
        msprobe::testing::write_file(dir / "taken", "x");
        const auto r = run_msprobe({"config_check", "-c", "bench.zip", "cmp.zip", "-o", "taken"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("taken") != std::string::npos);
        CHECK(msprobe::testing::read_file_text(dir / "taken") == "x");
    }
}

TEST_CASE("config_check -c: a first path not ending in zip is a checkpoint compare", "[cli][config_check]") {
    const auto dir = msprobe::testing::scratch_dir("cc_cli_ckpt");
    const auto r = run_msprobe({"config_check", "-c", "ckpt_a", "ckpt_b"}, dir);
    CHECK(r.out.find("Comparing model checkpoint.") != std::string::npos);
    CHECK(r.out.find("comparing packed config") == std::string::npos);
}

TEST_CASE("config_check -d: a pack of this machine", "[cli][config_check]") {
    const auto dir = msprobe::testing::scratch_dir("cc_cli_dump");
    msprobe::testing::write_file(dir / "run.sh", "torchrun train.py --seed 1234 --lr 0.1\n");
    SECTION("scripts, then -o") {
        const auto r = run_msprobe({"config_check", "-d", "run.sh", "-o", "packs/p.zip"}, dir);
        CHECK(r.exit_code == 0);
        const auto zip = msprobe::testing::inspect_zip(dir / "packs/p.zip");
        CHECK(zip.problems.empty());
        REQUIRE(zip.members.size() == 3);
        CHECK(zip.members[2].data == "{\n    \"seed\": \"1234\",\n    \"lr\": \"0.1\"\n}");
        CHECK(r.out.find("Packed 1 launch scripts with the environment.\nWritten:\n  packs/p.zip\n") !=
              std::string::npos);
    }
    SECTION("no scripts, the default pack name") {
        const auto r = run_msprobe({"config_check", "-d"}, dir);
        CHECK(r.exit_code == 0);
        CHECK(msprobe::testing::inspect_zip(dir / "config_check_pack.zip").members.size() == 2);
    }
    SECTION("refusals: exit 1, no pack") {
        msprobe::testing::write_file(dir / "conf.yml", "a: 1\n");
        auto r = run_msprobe({"config_check", "-d", "conf.yml"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("conf.yml") != std::string::npos);
        r = run_msprobe({"config_check", "-d", "run.sh", "-o", "p.tar"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("output zip path must be a string and ends with '.zip'") != std::string::npos);
        CHECK_FALSE(fs::exists(dir / "config_check_pack.zip"));
        CHECK_FALSE(fs::exists(dir / "p.tar"));
    }
}

TEST_CASE("config_check through the binary: checkpoints, verl's refusal, and April's line without verl",
          "[cli][config_check]") {
    const auto dir = msprobe::testing::scratch_dir("cc_cli_modes");
    for (const char* name : {"a", "b"}) {
        msprobe::testing::MegatronRank rank;
        rank.chunks = {{{"output_layer.weight", {2}, {1, 2}}}};
        msprobe::testing::write_megatron_rank_file(dir / name / "iter_0000005", 0, 0, 0, rank);
    }
    const auto ckpt = run_msprobe({"config_check", "-c", "a/iter_0000005", "b/iter_0000005"}, dir);
    CHECK(ckpt.exit_code == 0);
    CHECK(ckpt.out.find("Comparing model checkpoint.") != std::string::npos);
    CHECK(msprobe::testing::read_file_text(dir / "ckpt_similarity.json").find("\"cos\": 1.0") != std::string::npos);
    const auto again = run_msprobe({"config_check", "-c", "a/iter_0000005", "b/iter_0000005"}, dir);
    CHECK(again.exit_code == 1);
    CHECK(lines_of(again.err) == 1);

    const auto vc = run_msprobe({"config_check", "-vc", "npu.log", "bench.json"}, dir);
    CHECK(vc.exit_code == 1);
    CHECK(vc.err.find("The param of verl-compare require two log files, and the file format just support '.log' or "
                      "'.txt'.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "verl_param_compare_result"));

    // April's config_check has -d, -c and -o only, and its own sentence for a line without an operation.
    const auto april = run_msprobe({"-f", "pytorch", "config_check", "-o", "out"}, dir);
    CHECK(april.exit_code == 1);
    CHECK(april.err.find("The param is not correct, you need to give '-d' for dump or '-c' for compare.") !=
          std::string::npos);
    CHECK(april.err.find("-vc") == std::string::npos);
    CHECK(run_msprobe({"-f", "pytorch", "config_check", "-vc", "npu.log", "bench.log"}, dir).exit_code == 2);
    fs::remove(dir / "ckpt_similarity.json");
    const auto april_ckpt =
        run_msprobe({"-f", "pytorch", "config_check", "-c", "a/iter_0000005", "b/iter_0000005"}, dir);
    CHECK(april_ckpt.exit_code == 0);
    CHECK(fs::exists(dir / "ckpt_similarity.json"));
}
