// A dump.json flattened into rows, each expected row worked out by hand from
// msprobe's flattening rules: the fixed section order, names from data_name or
// structure, scalars as Python values, None rows, CRC-32 digests.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/dump_file.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::dump;

namespace {

std::filesystem::path write_dump(const std::string& name, const std::string& text,
                                 const std::string& file_name = "dump.json") {
    return msprobe::testing::scratch_file("dump_file_" + name, file_name, text);
}

std::string refusal(const std::string& name, const std::string& text) {
    return msprobe::testing::refusal_reason(write_dump(name, text), [](const auto& p) { return read_dump_file(p); });
}

std::vector<std::string> names_of(const DumpFile& dump) {
    std::vector<std::string> names;
    for (const auto& row : dump.rows) names.push_back(row.name);
    return names;
}

constexpr const char* kDump = R"({
  "task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": null,
  "data": {
    "Functional.linear.0.forward": {
      "output": [{"type": "torch.Tensor", "dtype": "torch.float16", "shape": [2], "Max": 4.0, "Min": 1.0,
                  "Mean": 2.5, "Norm": 5.0, "requires_grad": false}],
      "input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3], "Max": 1.5, "Min": -2,
                      "Mean": 0.25, "Norm": 3.0, "requires_grad": true,
                      "data_name": "Functional.linear.0.forward.input.0.pt"},
                     null],
      "input_kwargs": {"alpha": {"type": "int", "value": 3}}
    },
    "Module.fc.Linear.forward.0": {
      "input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [], "Max": 1, "Min": 1,
                      "Mean": 1, "Norm": 1}],
      "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4], "Max": null, "Min": null,
                  "Mean": null, "Norm": null}],
      "parameters": {"weight": {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4, 4], "Max": 1,
                                "Min": 0, "Mean": 0.5, "Norm": 2}, "bias": null}
    },
    "Module.fc.Linear.parameters_grad": {
      "weight": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4, 4], "Max": 1, "Min": 0,
                  "Mean": 0.5, "Norm": 2}]
    }
  }
})";

}  // namespace

TEST_CASE("a dump.json becomes rows in msprobe's order and naming", "[dump][dump_file]") {
    const auto path = write_dump("rows", kDump);
    const DumpFile dump = read_dump_file(path);
    CHECK(dump.path == path.string());
    CHECK(dump.task == "statistics");
    CHECK(dump.level == "mix");
    CHECK(dump.framework == "pytorch");
    CHECK_FALSE(dump.is_debug);
    CHECK_FALSE(dump.has_digests);
    CHECK(dump.tensor_dir() == path.parent_path() / "dump_tensor_data");
    CHECK(dump.api_names == std::vector<std::string>{"Functional.linear.0.forward", "Module.fc.Linear.forward.0",
                                                     "Module.fc.Linear.parameters_grad"});
    // Inputs (args, then kwargs) before outputs whatever the JSON order; parameters between them.
    CHECK(names_of(dump) ==
          std::vector<std::string>{"Functional.linear.0.forward.input.0", "Functional.linear.0.forward.input.1",
                                   "Functional.linear.0.forward.input.alpha", "Functional.linear.0.forward.output.0",
                                   "Module.fc.Linear.forward.0.input.0", "Module.fc.Linear.forward.0.parameters.weight",
                                   "Module.fc.Linear.forward.0.parameters.bias", "Module.fc.Linear.forward.0.output.0",
                                   "Module.fc.Linear.parameters_grad.weight"});
    REQUIRE(dump.rows.size() == 9);

    const DumpRow& tensor = dump.rows[0];  // named after its data_name, suffix dropped
    CHECK(tensor.dtype == "torch.float32");
    CHECK(tensor.shape == "[2, 3]");
    CHECK(tensor.stats[0].kind == StatValue::Kind::Number);
    CHECK(tensor.stats[0].number == 1.5);
    CHECK(tensor.stats[1].number == -2.0);
    CHECK(tensor.stats[1].integer);
    CHECK_FALSE(tensor.stats[2].integer);
    CHECK(tensor.requires_grad == true);
    CHECK(tensor.data_name() == "Functional.linear.0.forward.input.0.pt");
    CHECK(tensor.md5 == std::string("00000000"));  // no digest: the CRC-32 of str("")
    CHECK(tensor.state == RowState::Input);
    CHECK(tensor.api_index == 0);

    const DumpRow& none = dump.rows[1];  // a null argument
    CHECK(none.dtype == "None");
    CHECK(none.shape == "None");
    CHECK(none.stats[0].kind == StatValue::Kind::Null);
    CHECK_FALSE(none.md5);
    CHECK_FALSE(none.requires_grad);
    CHECK(none.data_name() == "-1");

    const DumpRow& scalar = dump.rows[2];  // kwargs are named with ".input."
    CHECK(scalar.dtype == "<class 'int'>");
    CHECK(scalar.shape == "[]");
    for (const auto& stat : scalar.stats) {
        CHECK(stat.kind == StatValue::Kind::Number);
        CHECK(stat.number == 3.0);
    }
    CHECK(scalar.md5 == std::string("6dd28e9b"));  // CRC-32 of "3"
    CHECK(scalar.data_name() == "-1");

    CHECK(dump.rows[3].state == RowState::Output);
    CHECK(dump.rows[3].requires_grad == false);
    CHECK(dump.rows[4].shape == "[]");
    CHECK(dump.rows[4].api_index == 1);
    CHECK(dump.rows[5].state == RowState::Parameters);
    CHECK(dump.rows[6].state == RowState::Parameters);
    CHECK(dump.rows[6].dtype == "None");
    CHECK(dump.rows[7].stats[0].kind == StatValue::Kind::Null);
    CHECK(dump.rows[8].state == RowState::ParametersGrad);
    CHECK(dump.rows[8].api_index == 2);
}

TEST_CASE("the spec's nesting example: nested lists, a None row, dicts, empty containers", "[dump][dump_file]") {
    const DumpFile dump = read_dump_file(write_dump("nesting", R"({"task": "statistics", "data": {
        "T.cat.0.forward": {"input_args": [[{"type": "int", "value": 1}, {"type": "int", "value": 2}], null,
                                           {"a": {"type": "int", "value": 3}, "b": []}],
                            "output": []}}})"));
    CHECK(names_of(dump) == std::vector<std::string>{"T.cat.0.forward.input.0.0", "T.cat.0.forward.input.0.1",
                                                     "T.cat.0.forward.input.1", "T.cat.0.forward.input.2.a"});
    CHECK(dump.level.empty());
    CHECK(dump.framework.empty());
}

TEST_CASE("a statistics dump with md5 digests is told apart, debug.json is marked", "[dump][dump_file]") {
    const DumpFile md5 = read_dump_file(write_dump("md5", R"({"task": "statistics", "data": {
        "Torch.add.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [1],
                                                "Max": 1, "Min": 1, "Mean": 1, "Norm": 1, "md5": "1a2b3c4d"}]}}})"));
    CHECK(md5.has_digests);
    REQUIRE(md5.rows.size() == 1);
    CHECK(md5.rows[0].md5 == std::string("1a2b3c4d"));
    const DumpFile debug = read_dump_file(write_dump("debug", R"({"task": "statistics", "data": {}})", "debug.json"));
    CHECK(debug.is_debug);
    CHECK(debug.rows.empty());
}

TEST_CASE("a dump.json without a task or data is refused naming the file", "[dump][dump_file]") {
    CHECK(refusal("array", "[]") == "the top level is not a JSON object");
    CHECK(refusal("no_task", R"({"data": {}})") == "'task' is missing or empty");
    CHECK(refusal("empty_task", R"({"task": "", "data": {}})") == "'task' is missing or empty");
    CHECK(refusal("no_data", R"({"task": "tensor"})") == "'data' is missing");
    CHECK(refusal("data_list", R"({"task": "tensor", "data": []})") == "'data' is not a JSON object");
}
