// What a graph takes from one dump.json entry: its items split as the node's
// use asks, batch_isend_irecv's operations, and a fault kept for later.
#include <catch2/catch.hpp>

#include <string>

#include "dump/json_file.hpp"
#include "graph/dump_record.hpp"

using msprobe::dump::JsonFile;
using namespace msprobe::graph;

namespace {

constexpr const char* kRecord = R"({"input_args": [{"type": "int", "value": 1}],
                                    "output": [{"type": "int", "value": 2}]})";

}  // namespace

TEST_CASE("dump record: a node's inputs and outputs, or a parameter gradient's inputs only", "[graph][dump_record]") {
    const JsonFile entry = JsonFile::from_text(kRecord, "dump.json");
    const DumpRecord node = make_dump_record("Torch.add.0.forward", entry.root(), "dump.json", {}, RecordUse::Node);
    REQUIRE(node.inputs.size() == 1);
    REQUIRE(node.outputs.size() == 1);
    CHECK(node.inputs[0].key() == "Torch.add.0.forward.input.0");
    CHECK(node.outputs[0].key() == "Torch.add.0.forward.output.0");
    CHECK_FALSE(node.error);
    CHECK(node.batch_p2p.empty());

    const JsonFile grad = JsonFile::from_text(R"({"weight": [{"type": "int", "value": 1}]})", "dump.json");
    const DumpRecord gradient = make_dump_record("Module.fc.Linear.parameters_grad", grad.root(), "dump.json", {},
                                                 RecordUse::ParameterGradient);
    CHECK(gradient.inputs.size() == 1);
    CHECK(gradient.outputs.empty());
}

TEST_CASE("dump record: batch_isend_irecv's operations from its output's first list", "[graph][dump_record]") {
    const JsonFile entry = JsonFile::from_text(
        R"({"output": [[{"type": "torch.distributed.P2POp", "op": "isend", "peer": 1, "group_id": "g"},
                        {"type": "torch.distributed.P2POp", "op": "irecv", "peer": null},
                        3],
                       [{"op": "ignored"}]]})",
        "dump.json");
    const DumpRecord record =
        make_dump_record("Distributed.batch_isend_irecv.0.forward", entry.root(), "dump.json", {}, RecordUse::Node);
    REQUIRE(record.batch_p2p.size() == 2);
    CHECK(record.batch_p2p[0].op == "isend");
    CHECK(record.batch_p2p[0].peer == "1");
    CHECK(record.batch_p2p[0].group_id == "g");
    CHECK(record.batch_p2p[1].op == "irecv");
    CHECK(record.batch_p2p[1].peer == "None");  // present and null: Python's str()
    CHECK(record.batch_p2p[1].group_id.empty());
    // Another API's output is not read as operations.
    CHECK(make_dump_record("Distributed.isend.0.forward", entry.root(), "dump.json", {}, RecordUse::Node)
              .batch_p2p.empty());
}

TEST_CASE("dump record: a value of the wrong type is kept as the record's error", "[graph][dump_record]") {
    const JsonFile entry = JsonFile::from_text(R"({"input_args": [{"type": "int", "requires_grad": 1}]})", "dump.json");
    const DumpRecord record = make_dump_record("Torch.add.0.forward", entry.root(), "dump.json", {}, RecordUse::Node);
    REQUIRE(record.error);
    CHECK(*record.error == "Torch.add.0.forward.input.0: 'requires_grad' is not a boolean");
    CHECK(record.inputs.empty());
    CHECK(record.outputs.empty());
}

TEST_CASE("dump record: where a parameter gradient's name marks it", "[graph][dump_record]") {
    CHECK(parameters_grad_at("Module.fc.Linear.parameters_grad") == std::string("Module.fc.Linear").size());
    CHECK(parameters_grad_at("Module.fc.Linear.parameters_grad.1") == std::string("Module.fc.Linear").size());
    CHECK_FALSE(parameters_grad_at("Module.fc.Linear.parameters_grad.x"));
    CHECK_FALSE(parameters_grad_at("Module.fc.Linear.parameters_gradient"));
    CHECK_FALSE(parameters_grad_at("Torch.add.0.forward"));
}
