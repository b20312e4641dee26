// One dump.json entry into rows, the non-tensor leaves worked out by hand
// from msprobe's table: torch.Size, slice, ellipsis, src/dst ranks, process
// groups, Python scalars; and torch.distributed.P2POp leaves.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "dump/flatten.hpp"

using namespace msprobe::dump;

namespace {

std::vector<DumpRow> flatten(const std::string& key, const std::string& json) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag>(json.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    std::vector<DumpRow> rows;
    flatten_entry(key, doc, 7, "dump.json", rows);
    return rows;
}

void check_all_stats_text(const DumpRow& row, const std::string& text) {
    for (const auto& stat : row.stats) {
        CHECK(stat.kind == StatValue::Kind::Text);
        CHECK(stat.text() == text);
    }
}

}  // namespace

TEST_CASE("non-tensor leaves take msprobe's dtype, shape and statistics", "[dump][flatten]") {
    const auto rows = flatten("Distributed.send.0.forward", R"({
        "input_args": [{"type": "torch.Size", "value": [2, 3]},
                       {"type": "slice", "value": [1, 5, null]},
                       {"type": "ellipsis", "value": "..."},
                       {"type": "torch.ProcessGroup", "group_ranks": [0, 1]},
                       {"type": "bool", "value": false},
                       {"type": "float", "value": -0.1}],
        "input_kwargs": {"dst": {"type": "int", "value": 1}}})");
    REQUIRE(rows.size() == 7);
    for (const auto& row : rows) CHECK(row.api_index == 7);

    const DumpRow& size = rows[0];
    CHECK(size.name == "Distributed.send.0.forward.input.0");
    CHECK(size.dtype == "torch.Size");
    CHECK(size.shape == "[2, 3]");
    CHECK(size.stats[0].kind == StatValue::Kind::Null);

    const DumpRow& slice = rows[1];
    CHECK(slice.dtype == "slice");
    CHECK(slice.shape == "(3,)");  // numpy's shape of a 3-element list

    const DumpRow& ellipsis = rows[2];
    CHECK(ellipsis.dtype == "ellipsis");
    CHECK(ellipsis.shape == "[]");
    check_all_stats_text(ellipsis, "...");

    const DumpRow& group = rows[3];
    CHECK(group.dtype == "torch.ProcessGroup");
    CHECK(group.shape == "[]");
    check_all_stats_text(group, "[0, 1]");
    CHECK(group.md5 == std::string("[0, 1]"));

    const DumpRow& flag = rows[4];  // a bool scalar keeps boolean statistics
    CHECK(flag.dtype == "<class 'bool'>");
    CHECK(flag.stats[0].kind == StatValue::Kind::Bool);
    CHECK_FALSE(flag.stats[0].boolean);
    CHECK(flag.md5 == std::string("ea0c4734"));  // CRC-32 of "False"

    const DumpRow& number = rows[5];
    CHECK(number.dtype == "<class 'float'>");
    CHECK(number.stats[3].kind == StatValue::Kind::Number);
    CHECK(number.stats[3].number == -0.1);
    CHECK(number.md5 == std::string("0dae4479"));  // CRC-32 of "-0.1"

    const DumpRow& dst = rows[6];  // a rank argument: its type text, statistics as text
    CHECK(dst.name == "Distributed.send.0.forward.input.dst");
    CHECK(dst.dtype == "int");
    CHECK(dst.shape == "[]");
    check_all_stats_text(dst, "1");
    CHECK(dst.md5 == std::string("1"));
}

TEST_CASE("a P2POp leaf is one row from its tensor, with op and peer kept", "[dump][flatten]") {
    const auto rows = flatten("Distributed.batch_isend_irecv.0.forward", R"({"input_args": [[
        {"class_type": "torch.distributed.P2POp", "op": "isend", "peer": 1, "tag": 0,
         "tensor": {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4], "Max": 1, "Min": 0,
                    "Mean": 0.5, "Norm": 1}},
        {"class_type": "torch.distributed.P2POp", "op": "irecv"}]]})");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].name == "Distributed.batch_isend_irecv.0.forward.input.0.0");
    CHECK(rows[0].dtype == "torch.float32");
    REQUIRE(rows[0].p2p);
    CHECK(rows[0].p2p->op.text() == "isend");
    CHECK(rows[0].p2p->peer.kind == StatValue::Kind::Number);
    CHECK(rows[0].p2p->peer.number == 1.0);
    // Without a tensor: a None row; a missing peer reads "None".
    CHECK(rows[1].dtype == "None");
    REQUIRE(rows[1].p2p);
    CHECK(rows[1].p2p->peer.text() == "None");
}

TEST_CASE("debug and parameters_grad entries flatten whole, under one state", "[dump][flatten]") {
    const auto grads = flatten("Module.fc.Linear.parameters_grad", R"({
        "weight": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 2], "Max": 1, "Min": 0,
                    "Mean": 0.5, "Norm": 1}],
        "bias": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1, "Min": 0,
                  "Mean": 0.5, "Norm": 1}]})");
    REQUIRE(grads.size() == 2);
    // The list element keeps the parameter's name: no index is appended.
    CHECK(grads[0].name == "Module.fc.Linear.parameters_grad.weight");
    CHECK(grads[1].name == "Module.fc.Linear.parameters_grad.bias");
    CHECK(grads[0].state == RowState::ParametersGrad);

    const auto debug = flatten("loss.0.debug", R"({"type": "float", "value": 0.5})");
    REQUIRE(debug.size() == 1);
    CHECK(debug[0].name == "loss.0.debug");
    CHECK(debug[0].state == RowState::Debug);

    // save() of a list records the list itself (spec formats §9): one row per element, named by its index.
    const auto saved_list = flatten("grads.0.debug", R"([
        {"type": "mindspore.Tensor", "dtype": "Float32", "shape": [2], "Max": 2, "Min": 0.5, "Mean": 1.25,
         "Norm": 2.06},
        {"type": "int", "value": 3}])");
    REQUIRE(saved_list.size() == 2);
    CHECK(saved_list[0].name == "grads.0.debug.0");
    CHECK(saved_list[1].name == "grads.0.debug.1");
    CHECK(saved_list[0].dtype == "Float32");
    CHECK(saved_list[1].state == RowState::Debug);
    // Any other entry is an object.
    CHECK_THROWS_AS(flatten("Torch.add.0.forward", "[1, 2]"), msprobe::Error);
}

TEST_CASE("a shape that is not a list is refused naming the file", "[dump][flatten]") {
    CHECK_THROWS_AS(flatten("Torch.add.0.forward",
                            R"({"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": 3}]})"),
                    msprobe::Error);
}
