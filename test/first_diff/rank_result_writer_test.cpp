// Stage A of compare -da: one rank pair compared by its statistics and
// written as compare_result_rank{N}.json, API by API.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "first_diff/json_copy.hpp"
#include "first_diff/rank_result_writer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;
namespace fs = std::filesystem;

namespace {

// A dump.json of two APIs with one input and one output tensor each; `relu_max`
// is the relu output's Max, written as an integer.
std::string dump_text(int relu_max, const char* task = "statistics") {
    auto leaf = [](const std::string& max) {
        return R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": )" + max +
               R"(, "Min": 1.0, "Mean": 1.5, "Norm": 2.5, "requires_grad": false})";
    };
    auto entry = [&](const std::string& output_max) {
        return R"({"input_args": [)" + leaf("2.0") + R"(], "input_kwargs": {}, "output": [)" + leaf(output_max) + "]}";
    };
    return std::string(R"({"task": ")") + task +
           R"(", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {)" +
           R"("Functional.relu.0.forward": )" + entry(std::to_string(relu_max)) + ", " +
           R"("Functional.gelu.0.forward": )" + entry("2.0") + "}}";
}

std::string text_of(dump::JsonView value) { return std::string(value.text()); }

dump::JsonView member(dump::JsonView object, const char* key) {
    const auto value = object.member(key);
    REQUIRE(value.present());
    return value;
}

std::vector<std::string> keys_of(dump::JsonView object) {
    std::vector<std::string> keys;
    for (const auto m : object.members()) keys.emplace_back(m.name);
    return keys;
}

}  // namespace

TEST_CASE("a rank pair written API by API, with the statistics' own number types", "[rank_result_writer]") {
    const auto dir = testing::scratch_dir("rank_result_writer_pair");
    RankDumpPair dumps;
    dumps.npu_json = testing::scratch_file("rank_result_writer_npu", "dump.json", dump_text(2));
    dumps.bench_json = testing::scratch_file("rank_result_writer_bench", "dump.json", dump_text(8));
    dumps.stack_json = testing::scratch_file(
        "rank_result_writer_stack", "stack.json",
        R"json({"Functional.relu.0.forward": ["File t.py, line 1", "relu(x)"]})json");
    const auto out = dir / "compare_result_rank0_1.json";
    REQUIRE(write_rank_result(dumps, DiffCheckConfig::builtin(), out));

    const auto json = dump::JsonFile::load(out);
    CHECK(keys_of(json.root()) == std::vector<std::string>{"Functional.relu.0.forward", "Functional.gelu.0.forward"});
    const auto relu = member(json.root(), "Functional.relu.0.forward");
    // Output Max 2 against 8: 75 % relative error, above the built-in 50 % (only outputs are checked).
    CHECK(member(relu, "is_same").boolean() == false);
    CHECK(member(member(json.root(), "Functional.gelu.0.forward"), "is_same").boolean() == true);
    const auto items = member(relu, "op_items");
    REQUIRE(items.size() == 2);
    const auto input = items.item(0);
    const auto output = items.item(1);
    CHECK(keys_of(input) ==
          std::vector<std::string>{"NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape",
                                   "Bench Tensor Shape", "NPU Requires_grad", "Bench Requires_grad", "Max diff",
                                   "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
                                   "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean",
                                   "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm",
                                   "Requires_grad Consistent", "Result", "Err_message", "NPU_Stack_Info", "state",
                                   "api_origin_name", "NPU P2POp op", "Bench P2POp op", "NPU P2POp peer",
                                   "Bench P2POp peer"});
    CHECK(text_of(member(input, "NPU Name")) == "Functional.relu.0.forward.input.0");
    CHECK(text_of(member(input, "state")) == "input");
    CHECK(text_of(member(input, "Result")) == "");
    CHECK(text_of(member(output, "NPU Name")) == "Functional.relu.0.forward.output.0");
    // Integers the dump wrote stay integers; computed differences are floats.
    CHECK(member(output, "NPU max").is_integer());
    CHECK(member(output, "NPU max").integer() == 2);
    CHECK(member(output, "Bench max").integer() == 8);
    CHECK_FALSE(member(output, "NPU min").is_integer());
    CHECK_FALSE(member(input, "NPU max").is_integer());
    CHECK(member(output, "Max diff").number() == -6.0);
    CHECK(text_of(member(output, "MaxRelativeErr")) == "75.0%");
    CHECK(text_of(member(output, "Result")) == "Warning");
    CHECK(member(output, "Requires_grad Consistent").boolean() == true);
    CHECK(text_of(member(output, "NPU Requires_grad")) == "False");
    CHECK(text_of(member(output, "state")) == "output");
    CHECK(text_of(member(output, "api_origin_name")) == "Functional.relu.0.forward");
    CHECK(text_of(member(output, "NPU P2POp peer")) == "None");
    // The stack goes on the first row of an entry only.
    const auto frames = member(input, "NPU_Stack_Info");
    REQUIRE(frames.is_array());
    REQUIRE(frames.size() == 2);
    CHECK(text_of(frames.item(1)) == "relu(x)");
    CHECK(text_of(member(output, "NPU_Stack_Info")) == "N/A");
    // 4-space indentation, Python's float repr.
    CHECK_THAT(testing::read_file_text(out),
               Catch::Contains("\n    \"Functional.relu.0.forward\": {\n        \"is_same\": false,"));
    CHECK_THAT(testing::read_file_text(out), Catch::Contains("\"Max diff\": -6.0,"));
}

TEST_CASE("no stack.json: no stack column, and identical dumps are the same everywhere", "[rank_result_writer]") {
    RankDumpPair dumps;
    dumps.npu_json = testing::scratch_file("rank_result_writer_nostack_npu", "dump.json", dump_text(2));
    dumps.bench_json = testing::scratch_file("rank_result_writer_nostack_bench", "dump.json", dump_text(2));
    const auto out = testing::scratch_dir("rank_result_writer_nostack") / "compare_result_rank0_1.json";
    REQUIRE(write_rank_result(dumps, DiffCheckConfig::builtin(), out));
    const auto json = dump::JsonFile::load(out);
    const auto relu = member(json.root(), "Functional.relu.0.forward");
    CHECK(member(relu, "is_same").boolean() == true);
    const auto row = member(relu, "op_items").item(1);
    CHECK_FALSE(row.has_member("NPU_Stack_Info"));
    CHECK(member(row, "Max diff").number() == 0.0);
    CHECK(text_of(member(row, "Result")) == "");
}

TEST_CASE("nothing matched: no file", "[rank_result_writer]") {
    RankDumpPair dumps;
    dumps.npu_json = testing::scratch_file(
        "rank_result_writer_empty_npu", "dump.json",
        R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {}})");
    dumps.bench_json = testing::scratch_file("rank_result_writer_empty_bench", "dump.json", dump_text(2));
    const auto out = testing::scratch_dir("rank_result_writer_empty") / "compare_result_rank0_1.json";
    CHECK_FALSE(write_rank_result(dumps, DiffCheckConfig::builtin(), out));
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("dumps of different tasks are refused", "[rank_result_writer]") {
    RankDumpPair dumps;
    dumps.npu_json = testing::scratch_file("rank_result_writer_task_npu", "dump.json", dump_text(2, "tensor"));
    dumps.bench_json = testing::scratch_file("rank_result_writer_task_bench", "dump.json", dump_text(2));
    const auto out = testing::scratch_dir("rank_result_writer_task") / "compare_result_rank0_1.json";
    CHECK_THROWS_AS(write_rank_result(dumps, DiffCheckConfig::builtin(), out), Error);
    CHECK_FALSE(fs::exists(out));
}
