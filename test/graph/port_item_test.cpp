// A dump record's leaves as port items: split into the input and output maps,
// their type and shape noted, leaves kept for communication APIs only.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "graph/port_item.hpp"
#include "graph/port_item_leaf.hpp"

using msprobe::dump::DumpRow;
using msprobe::dump::JsonFile;
using namespace msprobe::graph;

namespace {

constexpr const char* kTensor = R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0,
                                    "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false})";

std::vector<std::string> keys(const std::vector<PortItem>& items) {
    std::vector<std::string> out;
    for (const PortItem& item : items) out.emplace_back(item.key());
    return out;
}

}  // namespace

TEST_CASE("port items: inputs, keyword inputs and parameters in the input map, outputs in the other",
          "[graph][port_item]") {
    const JsonFile record = JsonFile::from_text(
        std::string(R"({"input_args": [)") + kTensor +
            R"(, null], "input_kwargs": {"alpha": {"type": "int", "value": 2}}, "parameters": {"weight": )" + kTensor +
            R"(}, "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [], "Max": 1, "Min": 1,
                              "Mean": 1, "Norm": 1}]})",
        "dump.json");
    std::vector<PortItem> inputs, outputs;
    record_port_items("Module.output.Linear.forward.0", record.root(), "dump.json", false, inputs, outputs);
    CHECK(keys(inputs) == std::vector<std::string>{"Module.output.Linear.forward.0.input.0",
                                                   "Module.output.Linear.forward.0.input.1",
                                                   "Module.output.Linear.forward.0.input.alpha",
                                                   "Module.output.Linear.forward.0.parameters.weight"});
    CHECK(keys(outputs) == std::vector<std::string>{"Module.output.Linear.forward.0.output.0"});
    CHECK(std::string_view(inputs[0].type) == "torch.Tensor");
    CHECK_FALSE(inputs[0].empty_shape);
    CHECK(std::string_view(inputs[1].type).empty());  // None
    CHECK(std::string_view(inputs[2].type) == "int");
    CHECK(outputs[0].empty_shape);  // a 0-d tensor
    CHECK_FALSE(inputs[0].leaf);    // only communication APIs keep their leaves
    CHECK(inputs[0].fields().find("dtype")->text == "torch.float32");

    // msprobe's test: ".output." in the name and no ".input.", so this module's parameters count as outputs.
    std::vector<PortItem> strict_inputs, strict_outputs;
    record_port_items("Module.output.Linear.forward.0", record.root(), "dump.json", true, strict_inputs,
                      strict_outputs);
    CHECK(keys(strict_inputs).size() == 3);
    CHECK(keys(strict_outputs) == std::vector<std::string>{"Module.output.Linear.forward.0.parameters.weight",
                                                           "Module.output.Linear.forward.0.output.0"});
}

TEST_CASE("port items: communication APIs keep their leaves, read back as written", "[graph][port_item]") {
    CHECK(keeps_leaves("Distributed.broadcast.0.forward"));
    CHECK(keeps_leaves("Torch.all_reduce.0.forward"));
    CHECK(keeps_leaves("Torch.reduce_scatter_tensor.0.forward"));
    CHECK_FALSE(keeps_leaves("Functional.linear.0.forward"));
    const JsonFile record = JsonFile::from_text(
        R"({"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.5}],
            "input_kwargs": {"src": {"type": "int", "value": 3},
                             "group": {"type": "torch.ProcessGroup", "group_ranks": [0, 1], "group_id": "g1"}}})",
        "dump.json");
    std::vector<PortItem> inputs, outputs;
    record_port_items("Distributed.broadcast.0.forward", record.root(), "dump.json", false, inputs, outputs);
    REQUIRE(inputs.size() == 3);
    CHECK(outputs.empty());
    CHECK(inputs[0].leaf.value_or_empty() ==
          R"({"type":"torch.Tensor","dtype":"torch.float32","shape":[2],"Max":1.5})");
    const LeafObject src(inputs[1]);
    CHECK(src.member("value").int32() == 3);
    const LeafObject group(inputs[2]);
    CHECK(group.member("group_ranks").item(1).int32() == 1);
    CHECK(group.member("group_id").text() == "g1");
}

TEST_CASE("port items: a later item of the same key replaces the earlier one in place", "[graph][port_item]") {
    std::vector<PortItem> items;
    PortItem a, b, again;
    DumpRow named;
    named.name = "x.input.0";
    a.set_row(named);
    named.name = "x.input.1";
    b.set_row(named);
    DumpRow typed;
    typed.name = "x.input.0";
    typed.dtype = "torch.int64";
    again.set_row(typed);
    put_item(items, a);
    put_item(items, b);
    put_item(items, again);
    REQUIRE(keys(items) == std::vector<std::string>{"x.input.0", "x.input.1"});
    CHECK(std::string_view(items[0].row().dtype()) == "torch.int64");
}

TEST_CASE("port items: a value of the wrong type is refused naming the file", "[graph][port_item]") {
    const JsonFile record =
        JsonFile::from_text(R"({"input_args": [{"type": "torch.Tensor", "dtype": "x", "shape": 3}]})", "dump.json");
    std::vector<PortItem> inputs, outputs;
    try {
        record_port_items("Torch.add.0.forward", record.root(), "rank0/dump.json", false, inputs, outputs);
        FAIL("a shape that is not a list must be refused");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "rank0/dump.json");
        CHECK(e.reason() == "Torch.add.0.forward.input.0: 'shape' is not an array");
    }
}

TEST_CASE("port items: the row and the fields share one block, each changed apart from the other",
          "[graph][port_item]") {
    DumpRow row;
    row.name = "Torch.add.0.forward.output.0";
    row.stats[0] = msprobe::dump::StatValue::of_number(2.5);
    ItemFields own;
    own.add("type", "torch.Tensor");
    own.add_float("Max", 2.5);
    PortItem item;
    CHECK(item.key().empty());
    CHECK(item.fields().empty());
    item.set(row, own);
    CHECK(item.key() == "Torch.add.0.forward.output.0");
    CHECK(item.row().stat(0).number == 2.5);
    CHECK(item.fields().find("Max")->number == 2.5);

    ItemFields compared;
    compared.add_float("Max diff", 0.5);
    item.append_fields(compared);
    item.append_fields(ItemFields());
    std::vector<std::string> keys;
    item.fields().for_each([&](std::string_view key, const FieldValue&) { keys.emplace_back(key); });
    CHECK(keys == std::vector<std::string>{"type", "Max", "Max diff"});

    const PortItem copy = item;  // a copy owns its block
    item.replace_in_name("add", "mul");
    CHECK(item.key() == "Torch.mul.0.forward.output.0");
    CHECK(item.fields().find("Max diff")->number == 0.5);  // renaming keeps the fields
    CHECK(copy.key() == "Torch.add.0.forward.output.0");
    CHECK(copy.fields().find("Max diff")->number == 0.5);
}
