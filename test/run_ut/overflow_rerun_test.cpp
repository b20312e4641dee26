// run_overflow_check on the constructed examples of spec overflow_check §2.4.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>

#include "precision/csv_dialect.hpp"
#include "run_ut/overflow_rerun.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;

namespace {

std::string fp16_record(const char* max, const char* min) {
    return std::string(R"({"type": "torch.Tensor", "dtype": "torch.float16", "shape": [4], "Max": )") + max +
           R"(, "Min": )" + min + R"(, "Mean": 1.0, "Norm": 1.0, "requires_grad": false})";
}

}  // namespace

TEST_CASE("run_overflow_check classifies normal and abnormal overflow", "[run_ut]") {
    const auto dir = testing::scratch_dir("run_ut_overflow");
    const std::string in300 = fp16_record("300.0", "300.0");
    const std::string inf_out = fp16_record("Infinity", "Infinity");
    const std::string bool_out =
        R"({"type": "torch.Tensor", "dtype": "torch.bool", "shape": [4], "Max": true, "Min": false, "Mean": null, "Norm": null, "requires_grad": false})";
    const std::string text =
        std::string(R"({"task": "overflow_check", "level": "L1", "dump_data_dir": null, "data": {)") +
        R"("Torch.mul.0.forward": {"input_args": [)" + in300 + "," + in300 + R"(], "input_kwargs": {}, "output": [)" +
        inf_out + "]}," + R"("Torch.add.0.forward": {"input_args": [)" + in300 + "," + in300 +
        R"(], "input_kwargs": {}, "output": [)" + inf_out + "]}," + R"("Torch.exp.0.forward": {"input_args": [)" +
        in300 + R"(], "input_kwargs": {}, "output": [)" + inf_out + "]}," +
        R"("Torch.isfinite.0.forward": {"input_args": [)" + fp16_record("Infinity", "1.0") +
        R"(], "input_kwargs": {}, "output": [)" + bool_out + "]}," + R"("NPU.npu_swiglu.0.forward": {"input_args": [)" +
        in300 + R"(], "input_kwargs": {}, "output": [)" + inf_out + "]}," +
        R"("NPU.npu_dtype_cast.0.forward": {"input_args": [)" + in300 + R"(], "input_kwargs": {}, "output": [)" +
        inf_out + "]}," +
        R"("Distributed.all_reduce.0.forward": {"input_args": [], "input_kwargs": {}, "output": []}}})";
    std::ofstream(dir / "dump.json") << text;

    const auto summary = run_ut::rerun_overflowed_apis(dir / "dump.json", dir / "out", "20260101000000");
    CHECK(summary.checked == 5);
    CHECK(summary.normal == 4);
    CHECK(summary.abnormal == 1);
    CHECK(summary.skipped == 2);
    std::map<std::string, precision::CsvRow> rows;
    const auto table = precision::read_csv(summary.result_csv);
    REQUIRE(table.size() == 8);
    CHECK(table[0] ==
          precision::CsvRow{"API name", "Input Overflow", "Device Overflow", "CPU Overflow", "Verdict", "Message"});
    for (std::size_t i = 1; i < table.size(); ++i) rows[table[i][0]] = table[i];
    CHECK(rows.at("Torch.mul.0") == precision::CsvRow{"Torch.mul.0", "False", "True", "True", "normal", ""});
    CHECK(rows.at("Torch.add.0") == precision::CsvRow{"Torch.add.0", "False", "True", "False", "abnormal", ""});
    // float16 exp is missing on the CPU: computed in float32 and rounded back, it overflows like the device.
    CHECK(rows.at("Torch.exp.0")[4] == "normal");
    CHECK(rows.at("Torch.exp.0")[5].find("float16 kernel missing") != std::string::npos);
    CHECK(rows.at("Torch.isfinite.0") == precision::CsvRow{"Torch.isfinite.0", "True", "False", "False", "normal", ""});
    CHECK(rows.at("Distributed.all_reduce.0")[4] == "skipped");
    // A fused operator with a CPU golden is re-run: silu(300) * 300 overflows float16 as the device did.
    CHECK(rows.at("NPU.npu_swiglu.0") == precision::CsvRow{"NPU.npu_swiglu.0", "False", "True", "True", "normal", ""});
    CHECK(rows.at("NPU.npu_dtype_cast.0") == precision::CsvRow{"NPU.npu_dtype_cast.0", "False", "True", " ", "skipped",
                                                               "NPU api is not supported for run ut. SKIP."});
}
