// The MindSpore checker through the binary: August's acc_check / multi_acc_check on a MindSpore dump (by its
// "framework", or by its records when the key is missing) and April's -f mindspore run_ut / multi_run_ut.
#include <catch2/catch.hpp>

#include "msprobe_process.hpp"
#include "precision/csv_dialect.hpp"
#include "support/file_text.hpp"
#include "support/ms_checker_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::MsCheckerDump;
using msprobe::testing::output_named;
using msprobe::testing::run_msprobe;

#ifdef MSPROBE_WITH_TORCH
namespace {

// msprobe's own checker input (test/msprobe_test/mindspore_ut/api_accuracy_checker/files/api_info_tensor.json):
// no framework key, dump_data_dir "", MintFunctional.relu.0 whose recorded output is its (positive) input.
fs::path write_msprobe_test_input(const fs::path& dir) {
    MsCheckerDump d(dir);
    const auto input = d.tensor("2_3_input.npy", {2, 3}, {1, 2, 3, 1.5f, 2.5f, 3});
    d.forward("MintFunctional.relu.0.forward", {input}, {input});
    const auto path = d.write("tensor", "");
    std::string text = msprobe::testing::read_file_text(path);
    const std::string written = "\"dump_data_dir\": \"" + (dir / "dump_tensor_data").string() + "\"";
    text.replace(text.find(written), written.size(), "\"dump_data_dir\": \"\"");
    fs::rename(dir / "dump_tensor_data/2_3_input.npy", dir / "2_3_input.npy");
    msprobe::testing::write_file(path, text);
    return path;
}

std::vector<msprobe::precision::CsvRow> rows(const fs::path& file) { return msprobe::precision::read_csv(file); }

}  // namespace

TEST_CASE("ms checker cli: acc_check on msprobe's own MindSpore test input, which has no framework key", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_ms_checker_no_framework");
    const auto dump = write_msprobe_test_input(dir / "files").string();
    auto r = run_msprobe({"acc_check", "-api_info", dump, "-o", "out"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("Checked 1 APIs: 1 pass, 0 error, 0 skip.") != std::string::npos);
    // test_api_accuracy_checker.py test_tensor_mode: two lines in each file.
    const auto result = rows(output_named(dir / "out", "accuracy_checking_result_"));
    REQUIRE(result.size() == 2);
    CHECK((result[1] == msprobe::precision::CsvRow{"MintFunctional.relu.0", "pass", "", ""}));
    CHECK(rows(output_named(dir / "out", "accuracy_checking_details_")).size() == 2);
    r = run_msprobe({"acc_check", "-api_info", dump, "-o", "strict", "--strict_compat"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("Key \"framework\" not found in") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "strict"));
}

TEST_CASE("ms checker cli: a dump whose records name no framework is refused with what to add", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_ms_checker_unknown");
    msprobe::testing::write_file(dir / "dump.json", R"({"task": "statistics", "data": {}})");
    const auto r = run_msprobe({"acc_check", "-api_info", "dump.json", "-o", "out"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("add \"framework\": \"mindspore\" or \"framework\": \"pytorch\"") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("ms checker cli: April's -f mindspore run_ut and multi_run_ut run the MindSpore checker", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_ms_checker_april");
    MsCheckerDump d(dir / "dump");
    d.forward("Mint.add.0.forward", {d.tensor("a.npy", {2}, {1, 2}), d.tensor("b.npy", {2}, {3, 4})},
              {d.tensor("o.npy", {2}, {4, 6.5f})});
    d.forward("Mint.mul.0.forward", {d.tensor("c.npy", {2}, {1, 2}), d.tensor("e.npy", {2}, {3, 4})},
              {d.tensor("p.npy", {2}, {3, 8})});
    const auto dump = d.write("tensor").string();
    auto r = run_msprobe({"-f", "mindspore", "run_ut", "-api_info", dump, "-o", "single", "--fail-on", "error"}, dir);
    CHECK(r.exit_code == 1);  // --fail-on: Mint.add.0's recorded sum is off by 0.5
    const auto single = rows(output_named(dir / "single", "accuracy_checking_result_"));
    REQUIRE(single.size() == 3);
    CHECK(single[1][1] == "error");
    CHECK((single[2] == msprobe::precision::CsvRow{"Mint.mul.0", "pass", "", ""}));
    r = run_msprobe({"-f", "mindspore", "multi_run_ut", "-api_info", dump, "-o", "multi", "-d", "0", "1"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(rows(output_named(dir / "multi", "accuracy_checking_result_")) == single);
    // msprobe's MindSpore parser has none of PyTorch's other flags.
    msprobe::testing::write_file(dir / "c.json", "{}");
    r = run_msprobe({"-f", "mindspore", "run_ut", "-api_info", dump, "-o", "refused", "-config", "c.json"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("-config is not an option of the MindSpore checker") != std::string::npos);
    r = run_msprobe({"multi_acc_check", "-api_info", dump, "-o", "refused", "-d", "5000"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("must be in range [0, 4095], but got 5000") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "refused"));
}

TEST_CASE("ms checker cli: a fixture dump run from its case folder, where msprobe finds its tensors",
          "[cli][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto case_dir = *fixtures / "dumps_ms" / "transformer_tensor_L1_gelu";
    const auto out = msprobe::testing::scratch_dir("cli_ms_checker_fixture");
    // --strict_compat looks for the .npy files only under dump_data_dir, relative to the working directory.
    const auto r = run_msprobe({"acc_check", "-api_info", "npu/step0/rank/dump.json", "-o", out.string(),
                                "--strict_compat"},
                               case_dir);
    REQUIRE(r.exit_code == 0);
    const auto result = rows(output_named(out, "accuracy_checking_result_"));
    REQUIRE(result.size() > 1);
    for (std::size_t i = 1; i < result.size(); ++i) {
        INFO(result[i][0] << ": " << result[i][3]);
        CHECK(result[i][3].find("no such file") == std::string::npos);
    }
}
#endif
