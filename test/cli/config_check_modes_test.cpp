// config_check's checkpoint and verl operations through the entry points its command line calls:
// msprobe's checks of the verl arguments (its messages, exit 1), the default outputs and what each run says.
#include <catch2/catch.hpp>

#include <filesystem>

#include "config_check_modes.hpp"
#include "support/current_path.hpp"
#include "support/file_text.hpp"
#include "support/megatron_checkpoint_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/verl_training_logs.hpp"

using namespace msprobe;
using namespace msprobe::cli;
namespace fs = std::filesystem;

namespace {

std::string verify_refusal(const std::vector<std::string>& paths) {
    try {
        run_verl_verify_mode(paths, "");
    } catch (const Error& error) {
        CHECK(error.exit_code() == 1);
        CHECK(error.file().empty());
        return error.reason();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("config_check -vv: msprobe's checks of its one or two files", "[cli][config_check]") {
    CHECK(verify_refusal({"a.yaml", "b.log", "c.log"}) == "verl-verify supports up to two files, but received 3 files");
    CHECK(verify_refusal({"bench.yaml"}) ==
          "verl-verify requires tgt_log (log or txt file) as the mandatory argument. When providing only one file, "
          "it must be a log or txt file, not yaml.");
    CHECK(verify_refusal({"target.json"}) ==
          "verl-verify requires tgt_log in log or txt format. Optionally, provide bench_config (yaml) as the first "
          "argument and tgt_log (log or txt) as the second argument.");
    CHECK(verify_refusal({"t.log", "b.yaml"}) ==
          "verl-verify parameter order error: the first argument must be bench_config (yaml file), and the second "
          "argument must be tgt_log (log or txt file). Received 't.log' as first and 'b.yaml' as second.");
    CHECK(verify_refusal({"b.yaml", "t.json"}) ==
          "verl-verify requires tgt_log (log or txt file) as the second argument when bench_config (yaml) is "
          "provided as the first argument. Received 't.json' with unsupported file extension.");
    CHECK(verify_refusal({"b.json", "t.txt"}) ==
          "verl-verify requires bench_config (yaml file) as the first argument when two files are provided. "
          "Received 'b.json' with unsupported file extension.");
    CHECK(verify_refusal({"b.json", "t.json"}) ==
          "verl-verify requires tgt_log (log or txt file) as mandatory argument. When providing two files, the "
          "first must be bench_config (yaml file) and the second must be tgt_log (log or txt file).");
    // msprobe tests `ext in ('.yaml')`, a substring test: a name without an extension passes as a yaml.
    CHECK(verify_refusal({"bench"}).starts_with("verl-verify requires tgt_log (log or txt file) as the mandatory"));
}

TEST_CASE("config_check -vc: two logs or msprobe's refusal", "[cli][config_check]") {
    try {
        run_verl_compare_mode("npu.log", "bench.json", "");
        FAIL("accepted");
    } catch (const Error& error) {
        CHECK(error.exit_code() == 1);
        CHECK(error.reason() ==
              "The param of verl-compare require two log files, and the file format just support '.log' or '.txt'.");
    }
}

TEST_CASE("config_check -vc and -vv into their default folders", "[cli][config_check]") {
    const fs::path dir = testing::scratch_dir("config_check_verl_defaults");
    testing::write_file(dir / "npu.LOG", testing::npu_training_log());
    testing::write_file(dir / "bench.txt", testing::bench_training_log());
    const testing::CurrentPath cwd(dir);
    const RunOutcome compared = run_verl_compare_mode("npu.LOG", "bench.txt", "");
    CHECK(compared.screen.starts_with("Compared 32 hyper-parameters: 29 consistent, 3 inconsistent.\nWritten:\n"));
    CHECK(compared.screen.ends_with("  ./verl_param_compare_result/hyper_params_compare.csv\n"));
    CHECK(compared.info_lines ==
          std::vector<std::string>{"Saving json file to disk: ./verl_param_compare_result/NPU_config.json",
                                   "Saving json file to disk: ./verl_param_compare_result/bench_config.json",
                                   "Saving verl compare file to disk: ./verl_param_compare_result/"
                                   "hyper_params_compare.csv"});
    CHECK(fs::is_regular_file(dir / "verl_param_compare_result" / "hyper_params_compare.csv"));

    const RunOutcome verified = run_verl_verify_mode({"npu.LOG"}, "");
    CHECK(verified.screen.starts_with("Verified 17 key parameters: 9 consistent, 8 inconsistent.\nWritten:\n"));
    CHECK(verified.info_lines.back() ==
          "Saving verl verify file to disk: ./verl_param_verify_result/hyper_params_verify.csv");
    CHECK(fs::is_regular_file(dir / "verl_param_verify_result" / "tgt_config.json"));
}

TEST_CASE("config_check -c on checkpoint folders into ./ckpt_similarity.json", "[cli][config_check]") {
    const fs::path dir = testing::scratch_dir("config_check_checkpoints");
    for (const char* name : {"a", "b"}) {
        testing::MegatronRank rank;
        rank.chunks = {{{"output_layer.weight", {2}, {1, 2}}, {std::string("only_") + name, {1}, {1}}}};
        testing::write_megatron_rank_file(dir / name / "iter_0000005", 0, 0, 0, rank);
    }
    const testing::CurrentPath cwd(dir);
    const RunOutcome outcome = run_checkpoint_compare_mode("a/iter_0000005", "b/iter_0000005", "");
    CHECK(outcome.screen.starts_with(
        "Compared 1 weights: 1 only in the first checkpoint, 1 only in the second.\nWritten:\n  "));
    CHECK(testing::read_file_text(dir / "ckpt_similarity.json") ==
          "{\n    \"output_layer.weight\": {\n        \"l2\": 0.0,\n        \"cos\": 1.0,\n        \"numel\": 2,\n"
          "        \"shape\": [\n            2\n        ]\n    }\n}");
    // The output must not exist: a second run refuses and keeps the first run's file.
    CHECK_THROWS_WITH(run_checkpoint_compare_mode("a/iter_0000005", "b/iter_0000005", ""),
                      Catch::Contains("the output path already exists"));
}
