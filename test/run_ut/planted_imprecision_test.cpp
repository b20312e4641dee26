// A planted precision defect: a dump whose float32 matmul output was computed
// in bfloat16. run_ut must fail it and fill the ULP standard's cells, and
// api_precision_compare against a precise run must name that standard.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>

#include "precision/api_precision_compare.hpp"
#include "precision/csv_dialect.hpp"
#include "result_rows.hpp"
#include "run_ut/run_ut_job.hpp"
#include "support/run_ut_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"

using namespace msprobe;

TEST_CASE("an API computed in lower precision than its inputs is reported as failing", "[run_ut]") {
    const auto dir = testing::scratch_dir("run_ut_planted");
    run_ut::RunUtOptions imprecise;
    imprecise.api_info = testing::write_run_ut_dump(dir / "npu", true);
    imprecise.out_dir = dir / "npu_out";
    imprecise.timestamp = "20260101000000";
    // -save_error_data into the error_data_path of a -config file.
    std::ofstream(dir / "config.json") << R"({"task": "statistics", "run_ut": {"error_data_path": ")" << dir.string()
                                       << R"("}})";
    imprecise.config = dir / "config.json";
    imprecise.save_error_data = true;
    const auto npu = run_ut::run_ut(imprecise);
    const auto error_dir = dir / "ut_error_data20260101000000";
    for (const char* file : {"Torch.matmul.0.forward.input.0.pt", "Torch.matmul.0.forward.input.1.pt",
                             "Torch.matmul.0.forward.output.bench.0.pt"}) {
        INFO(file);
        CHECK(std::filesystem::is_regular_file(error_dir / file));
    }
    const auto saved = tensor::read_tensor_file(error_dir / "Torch.matmul.0.forward.output.bench.0.pt");
    CHECK(saved.dtype == tensor::DType::Float64);  // the bench ran in float64
    CHECK(saved.shape == std::vector<std::int64_t>{8, 8});
    CHECK_FALSE(std::filesystem::exists(error_dir / "Functional.relu.0.forward.input.0.pt"));  // passed: not saved
    imprecise.save_error_data = false;
    imprecise.config.clear();

    run_ut::RunUtOptions precise = imprecise;
    precise.api_info = testing::write_run_ut_dump(dir / "gpu", false);
    precise.out_dir = dir / "gpu_out";
    const auto gpu = run_ut::run_ut(precise);

    const auto npu_result = testing::csv_rows_by_name(npu.result_csv);
    CHECK(npu_result.at("Torch.matmul.0")[1] == "error");
    CHECK(npu_result.at("Functional.relu.0")[1] == "pass");
    CHECK(testing::csv_rows_by_name(gpu.result_csv).at("Torch.matmul.0")[1] == "pass");

    // The matmul row carries the ULP standard's metrics (columns ULP误差最大值/平均值/大于阈值占比).
    const auto details = testing::csv_rows_by_name(npu.details_csv);
    const auto& row = details.at("Torch.matmul.0.forward.output.0");
    CHECK(row[18] != " ");
    CHECK(row[19] != " ");
    CHECK(row[20] != " ");
    CHECK(std::stod(row[19]) > 64.0);  // mean ULP error of bfloat16 rounding in a float32 result

    precision::ApiPrecisionCompareOptions options{npu.details_csv, gpu.details_csv, dir / "apc", "20260101000000"};
    const auto judged = precision::api_precision_compare(options);
    const auto apc = testing::csv_rows_by_name(judged.details_csv);
    CHECK(apc.at("Torch.matmul.0.forward.output.0")[25] == "error");
    CHECK(apc.at("Torch.matmul.0.forward.output.0")[26] == "ULP误差比对法");
    CHECK(apc.at("Functional.relu.0.forward.output.0")[25] == "pass");
    CHECK(apc.at("Functional.relu.0.forward.output.0")[26] == "二进制一致法");
}
