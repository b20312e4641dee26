// The MindSpore checker end to end on dumps made here (values whose torch results are known), and on the shared
// MindSpore-style tensor fixtures.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>

#include "ms_api_check/ms_check_job.hpp"
#include "precision/csv_dialect.hpp"
#include "support/ms_checker_dump.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::ms_api_check;
using msprobe::precision::CsvRow;
using msprobe::testing::MsCheckerDump;
namespace fs = std::filesystem;

namespace {

// relu and add forward, relu backward, a Tensor method outside the yaml, an API torch lacks, a missing file.
fs::path write_mint_dump(const fs::path& dir, const std::string& task = "tensor",
                         const std::string& framework = "mindspore") {
    MsCheckerDump d(dir);
    d.forward("MintFunctional.relu.0.forward", {d.tensor("relu.in.npy", {4}, {1, -2, 3, -4})},
              {d.tensor("relu.out.npy", {4}, {1, 0, 3, 0})});
    d.backward("MintFunctional.relu.0.backward", {d.tensor("relu.gin.npy", {4}, {1, 1, 1, 1})},
               {d.tensor("relu.gout.npy", {4}, {1, 0, 1, 0})});
    // The recorded sum is off by 0.5 in its second element.
    d.forward("Mint.add.0.forward", {d.tensor("add.a.npy", {2}, {1, 2}), d.tensor("add.b.npy", {2}, {3, 4})},
              {d.tensor("add.out.npy", {2}, {4, 6.5f})});
    d.forward("Tensor.matmul.0.forward", {d.tensor("mm.a.npy", {1}, {1})}, {d.tensor("mm.out.npy", {1}, {1})});
    d.forward("Mint.no_such_api.0.forward", {d.tensor("x.in.npy", {1}, {1})}, {d.tensor("x.out.npy", {1}, {1})});
    d.forward("Tensor.add_.0.forward", {d.int_tensor("iadd.in.npy", {}, {0}), MsCheckerDump::value("int", 1)},
              {d.int_tensor("iadd.out.npy", {}, {1})});
    d.forward("MintFunctional.gelu.0.forward", {d.tensor("gone.npy", {1}, {1})}, {d.tensor("gelu.out.npy", {1}, {1})});
    fs::remove(dir / "dump_tensor_data/gone.npy");
    return d.write(task, framework);
}

std::map<std::string, CsvRow> rows_by_name(const fs::path& csv) {
    std::map<std::string, CsvRow> out;
    const auto rows = msprobe::precision::read_csv(csv);
    for (std::size_t i = 1; i < rows.size(); ++i) out[rows[i][0]] = rows[i];
    return out;
}

MsCheckOptions options_for(const fs::path& dump, const fs::path& out) {
    MsCheckOptions o;
    o.api_info = dump;
    o.out_dir = out;
    o.timestamp = "20260101000000";
    return o;
}

}  // namespace

TEST_CASE("ms check job: the recorded outputs judged against torch on the recorded inputs", "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_check_job");
    const auto summary = run_ms_check(options_for(write_mint_dump(dir / "dump"), dir / "out"));
    CHECK(summary.apis == 5);
    CHECK(summary.left_out == 1);  // Tensor.matmul is not in checker_support_api.yaml
    CHECK(summary.left_out_example == "Tensor.matmul.0.forward");
    CHECK(summary.result_csv == dir / "out/accuracy_checking_result_20260101000000.csv");

    const auto result = rows_by_name(summary.result_csv);
    REQUIRE(result.size() == 5);
    CHECK((result.at("MintFunctional.relu.0") == CsvRow{"MintFunctional.relu.0", "pass", "pass", ""}));
    CHECK((result.at("Mint.add.0") ==
          CsvRow{"Mint.add.0", "error", "", "max absolute difference is greater than threshold: 0.001 "}));
    CHECK((result.at("Tensor.add_.0") == CsvRow{"Tensor.add_.0", "pass", "", ""}));
    CHECK((result.at("Mint.no_such_api.0") ==
          CsvRow{"Mint.no_such_api.0", "SKIP", "",
                 "[msprobe] Api Accuracy Checker something wrong with api: ApiRunner.get_api_instance failed: "
                 "torch.no_such_api is not found"}));
    CHECK(result.at("MintFunctional.gelu.0")[1] == "SKIP");
    CHECK(result.at("MintFunctional.gelu.0")[3].find("gone.npy: no such file in") != std::string::npos);
    CHECK(summary.pass == 2);
    CHECK(summary.error == 1);
    CHECK(summary.skip == 2);

    const auto details = rows_by_name(summary.details_csv);
    REQUIRE(details.size() == 4);
    const auto& relu = details.at("MintFunctional.relu.0.forward.output.0");
    CHECK((relu == CsvRow{"MintFunctional.relu.0.forward.output.0", "Float32", "Float32", "(4,)", relu[4], "0.0",
                          "0.0", "pass", ""}));
    // sqrt(10) * sqrt(10) is 10.000000000000002 in float64: the cosine is just under 1.
    CHECK(std::stod(relu[4]) == (1e-8 + 10.0) / (1e-8 + std::sqrt(10.0) * std::sqrt(10.0)));
    CHECK(relu[4] == "0.9999999999999998");
    CHECK(details.at("MintFunctional.relu.0.backward.output.0")[7] == "pass");
    const auto& add = details.at("Mint.add.0.forward.output.0");
    // Cosine (1e-8 + 4*4 + 6*6.5) / (1e-8 + |(4, 6)| |(4, 6.5)|); max relative 0.5 / 6.
    CHECK(std::stod(add[4]) == (1e-8 + 55.0) / (1e-8 + std::sqrt(52.0) * std::sqrt(58.25)));
    CHECK(add[5] == "0.5");
    CHECK(add[6] == "0.08333333333333333");
    CHECK(add[7] == "error");
    CHECK(details.at("Tensor.add_.0.forward.output.0")[1] == "Int64");
    CHECK(details.at("Tensor.add_.0.forward.output.0")[3] == "()");
}

TEST_CASE("ms check job: a statistics dump's APIs are SKIP rows saying why", "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_check_statistics");
    const auto summary = run_ms_check(options_for(write_mint_dump(dir / "dump", "statistics"), dir / "out"));
    CHECK(summary.statistics_dump);
    const auto result = rows_by_name(summary.result_csv);
    REQUIRE(result.size() == 5);
    CHECK((result.at("MintFunctional.relu.0") == CsvRow{"MintFunctional.relu.0", "SKIP", "SKIP", kStatisticsSkip}));
    CHECK((result.at("Mint.add.0") == CsvRow{"Mint.add.0", "SKIP", "", kStatisticsSkip}));
    CHECK(rows_by_name(summary.details_csv).empty());
    CHECK(summary.skip == 5);
}

TEST_CASE("ms check job: -csv_path continues without checking an API twice, and -save_error_data's folder",
          "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_check_resume");
    const auto dump = write_mint_dump(dir / "dump");
    auto options = options_for(dump, dir / "out");
    options.save_error_data = true;
    const auto first = run_ms_check(options);
    CHECK(fs::is_directory(dir / "out/error_data"));
    CHECK(fs::is_empty(dir / "out/error_data"));  // msprobe saves tensors only for statistics dumps it re-ran
    options.resume_csv = first.result_csv;
    const auto second = run_ms_check(options);
    CHECK(second.already_recorded == 5);
    CHECK(second.result_csv == first.result_csv);
    CHECK(msprobe::precision::read_csv(first.result_csv).size() == 6);  // header + 5, nothing appended twice
}

TEST_CASE("ms check job: a split run writes the single run's rows in dump order, strict drops SKIP rows",
          "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_check_split");
    const auto dump = write_mint_dump(dir / "dump");
    const auto single = run_ms_check(options_for(dump, dir / "single"));
    auto options = options_for(dump, dir / "split");
    options.devices = {0, 1, 2};
    options.split_over_devices = true;
    const auto split = run_ms_check(options);
    CHECK(msprobe::precision::read_csv(split.result_csv) == msprobe::precision::read_csv(single.result_csv));
    CHECK(msprobe::precision::read_csv(split.details_csv) == msprobe::precision::read_csv(single.details_csv));
    // multi_api_accuracy_checker.py's process_forward returns None on an exception: no SKIP is recorded.
    options.out_dir = dir / "strict";
    options.split_records_skips = false;
    const auto strict = rows_by_name(run_ms_check(options).result_csv);
    CHECK(strict.size() == 3);
    CHECK(strict.count("Mint.no_such_api.0") == 0);
}

TEST_CASE("ms check job: the shared MindSpore tensor fixtures", "[ms_api_check][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const char* name : {"cnn_tensor_L1_perturbed", "transformer_tensor_L1_gelu", "transformer_tensor_mix_gelu",
                             "dist_tensor_L1_2ranks"}) {
        INFO(name);
        const auto root = *fixtures / "dumps_ms" / name / "npu/step0";
        const auto rank = fs::exists(root / "rank/dump.json") ? root / "rank" : root / "rank0";
        const auto dir = msprobe::testing::scratch_dir(std::string("ms_check_fixture_") + name);
        const auto summary = run_ms_check(options_for(rank / "dump.json", dir));
        const auto result = msprobe::precision::read_csv(summary.result_csv);
        const auto details = msprobe::precision::read_csv(summary.details_csv);
        REQUIRE(result.size() > 1);
        CHECK(summary.pass + summary.error + summary.skip == result.size() - 1);
        for (std::size_t i = 1; i < details.size(); ++i) {
            const auto& row = details[i];
            INFO(row[0]);
            // run_and_compare_helper: pass iff cosine > 0.99 and max absolute difference < 0.001.
            const bool pass = !row[4].empty() && !row[5].empty() && std::stod(row[4]) > 0.99 &&
                              std::stod(row[5]) < 0.001;
            CHECK(row[7] == (pass ? "pass" : "error"));
        }
        if (std::string(name) != "cnn_tensor_L1_perturbed") continue;
        // The dump was recorded from a CPU run: relu's bench reproduces it exactly, forward and backward.
        const auto by_name = rows_by_name(summary.result_csv);
        CHECK((by_name.at("MintFunctional.relu.0") == CsvRow{"MintFunctional.relu.0", "pass", "pass", ""}));
        CHECK(by_name.at("Tensor.add_.0")[1] == "pass");
        // api_runner.py's torch backward makes every floating positional input require grad, running_mean too,
        // which torch's batch_norm refuses.
        CHECK(by_name.at("MintFunctional.batch_norm.0")[2] == "SKIP");
        CHECK(by_name.at("MintFunctional.batch_norm.0")[3].find("running_mean") != std::string::npos);
        // Its memory_format keyword is recorded as a torch type, which ComputeElement does not accept.
        CHECK(by_name.at("Mint.ones_like.0")[1] == "SKIP");
        CHECK(by_name.at("Mint.ones_like.0")[3].find("type field in api_info.json is not accepted value") !=
              std::string::npos);
    }
}

TEST_CASE("ms check job: a real MindSpore statistics dump: its three checkable APIs SKIP, the rest left out",
          "[ms_api_check]") {
    // The entries of msprobe's test/msprobe_test/mindspore_ut/compare/dump_file/mindspore_data/dump.json (written by
    // MindSpore: "dump_data_dir": null), records shortened.
    const std::string tensor = R"({"type": "mindspore.Tensor", "dtype": "Float32", "shape": [2], "Max": 1, "Min": 0})";
    std::string data;
    for (const char* key : {"Tensor.__add__.0.forward", "Tensor.__bool__.1.forward", "Tensor.__add__.1.forward",
                            "Mint.logical_or.0.forward", "Distributed.all_reduce.0.forward",
                            "Cell.network_with_loss.module.VocabParallelEmbedding.forward.0",
                            "Primitive.norm.RmsNorm.0.forward", "Mint.cos.0.forward",
                            "Functional.flash_attention_score.0.forward",
                            "Functional.flash_attention_score.0.backward"}) {
        data += std::string(data.empty() ? "" : ", ") + "\"" + key + "\": {\"input_args\": [" + tensor +
                "], \"input_kwargs\": {}, \"output\": [" + tensor + "]}";
    }
    const auto dir = msprobe::testing::scratch_dir("ms_check_real_statistics");
    const auto dump = msprobe::testing::scratch_file("ms_check_real_statistics_dump", "dump.json",
                                                     R"({"task": "statistics", "level": "mix", "framework": )"
                                                     R"("mindspore", "dump_data_dir": null, "data": {)" + data + "}}");
    const auto summary = run_ms_check(options_for(dump, dir));
    CHECK(summary.apis == 3);
    CHECK(summary.left_out == 6);
    const auto result = rows_by_name(summary.result_csv);
    REQUIRE(result.size() == 3);
    CHECK((result.at("Mint.logical_or.0") == CsvRow{"Mint.logical_or.0", "SKIP", "", kStatisticsSkip}));
    CHECK((result.at("Functional.flash_attention_score.0") ==
           CsvRow{"Functional.flash_attention_score.0", "SKIP", "SKIP", kStatisticsSkip}));
}

TEST_CASE("ms check job: a MindTorch dump's Torch and Tensor APIs run as the torch APIs of the same names",
          "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_check_mindtorch");
    MsCheckerDump d(dir / "dump");
    d.forward("Torch.mul.0.forward", {d.tensor("a.npy", {2}, {1, 2}), d.tensor("b.npy", {2}, {3, 4})},
              {d.tensor("o.npy", {2}, {3, 8})});
    d.forward("Tensor.matmul.0.forward", {d.tensor("m.npy", {1, 2}, {1, 2}), d.tensor("n.npy", {2, 1}, {3, 4})},
              {d.tensor("p.npy", {1, 1}, {11})});
    d.forward("Mint.mul.0.forward", {d.tensor("c.npy", {1}, {1})}, {d.tensor("q.npy", {1}, {1})});
    const auto summary = run_ms_check(options_for(d.write("tensor", "mindtorch"), dir / "out"));
    CHECK(summary.left_out == 1);  // Mint is MindSpore's family, not MindTorch's
    const auto result = rows_by_name(summary.result_csv);
    REQUIRE(result.size() == 2);
    CHECK((result.at("Torch.mul.0") == CsvRow{"Torch.mul.0", "pass", "", ""}));
    CHECK((result.at("Tensor.matmul.0") == CsvRow{"Tensor.matmul.0", "pass", "", ""}));  // any Tensor method
}

TEST_CASE("ms check job: flash_attention_score through msprobe's fusion bench, in float64", "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_check_flash_attention");
    MsCheckerDump d(dir / "dump");
    const float e = static_cast<float>(std::exp(1.0));
    // q = k = (1, 0), v = (1, 3), one head of dimension 1, BNSD, no masking: attention ((e + 3) / (e + 1), 2).
    d.forward("Functional.flash_attention_score.0.forward",
              {d.tensor("q.npy", {1, 1, 2, 1}, {1, 0}), d.tensor("k.npy", {1, 1, 2, 1}, {1, 0}),
               d.tensor("v.npy", {1, 1, 2, 1}, {1, 3}), MsCheckerDump::value("int", 1)},
              {d.tensor("o.npy", {1, 1, 2, 1}, {(e + 3) / (e + 1), 2})},
              {{"attn_mask", d.tensor("m.npy", {2, 2}, {0, 0, 0, 0})},
               {"scalar_value", MsCheckerDump::value("float", 1.0)},
               {"input_layout", MsCheckerDump::value("str", "BNSD")}});
    const auto summary = run_ms_check(options_for(d.write(), dir / "out"));
    const auto details = rows_by_name(summary.details_csv);
    REQUIRE(details.size() == 1);
    const auto& row = details.at("Functional.flash_attention_score.0.forward.output.0");
    CHECK(row[1] == "Float64");
    CHECK(row[2] == "Float32");
    CHECK(row[7] == "pass");
    CHECK(std::stod(row[5]) < 1e-6);  // the float32 rounding of the recorded value
}
