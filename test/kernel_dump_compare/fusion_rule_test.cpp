#include "kernel_dump_compare/fusion_rule.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

namespace {

FusionRule rule_of(const std::string& name, const std::string& json) {
    const auto dir = testing::scratch_dir(name);
    testing::write_file(dir / "rule.json", json);
    return read_fusion_rule(dir / "rule.json");
}

std::string error_of(const std::string& json) {
    try {
        rule_of("kdc_rule_error", json);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

const char* kRule = R"({"graph": [{"op": [
  {"name": "data", "type": "Data", "id": 0},
  {"name": "conv_relu", "type": "Conv2D", "id": 2, "input": ["data:0", "ctrl:-1", ""],
   "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv", "relu"]}}}],
   "output_desc": [{"dtype": "DT_FLOAT16", "attr": [{"key": "_datadump_origin_name", "value": {"s": "relu"}},
                                                     {"key": "origin_format", "value": {"s": "NHWC"}}]}]},
  {"name": "split_a", "type": "Split", "id": 3,
   "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["split"]}}}],
   "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "split"}},
                             {"key": "_datadump_origin_output_index", "value": {"i": 1}}]}]},
  {"name": "split_b", "type": "Split", "id": 4,
   "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["split"]}}}]},
  {"name": "cast", "type": "Cast", "id": 1, "attr": [{"key": "_datadump_original_op_names", "value": {"list": {}}}]},
  {"name": "l1_a", "type": "Add", "id": 5, "attr": [{"key": "_L1_fusion_sub_graph_no", "value": {"s": "7"}}]},
  {"name": "l1_b", "type": "Add", "id": 6, "attr": [{"key": "_L1_fusion_sub_graph_no", "value": {"s": "7"}}]}
]}]})";

}  // namespace

// fusion_rule_parser.py: groups by key, numbered in order of first appearance.
TEST_CASE("fusion rule: ops grouped and numbered as msaccucmp groups them", "[kernel_dump_compare]") {
    const FusionRule rule = rule_of("kdc_rule", kRule);
    REQUIRE(rule.groups.size() == 5);
    CHECK(rule.input_nodes == std::vector<std::string>{"data"});
    // An op without original names is its own original, and its outputs' origin.
    const FusionOp& data = rule.groups[0].ops.at(0);
    CHECK(data.original_op_names == std::vector<std::string>{"data"});
    REQUIRE(data.output_desc.size() == 1);
    CHECK(data.output_desc[0].origin_name == "data");
    CHECK_FALSE(data.output_desc[0].origin_output_index.has_value());

    const FusionGroup& conv = rule.groups[1];
    CHECK(conv.ops.at(0).op_id == 1);
    CHECK(relation_of(conv) == FusionRelation::MultiToOne);
    CHECK(conv.ops[0].inputs == std::vector<std::string>{"data:0"});  // control edge and empty input dropped
    CHECK(conv.ops[0].output_desc[0].origin_format == "NHWC");        // origin_format when no _datadump_ one
    CHECK(conv.ops[0].output_desc[0].origin_output_index == 0);       // the position by default
    CHECK(conv.ops[0].output_desc[0].data_type == "DT_FLOAT16");

    const FusionGroup& split = rule.groups[2];
    REQUIRE(split.ops.size() == 2);
    CHECK(relation_of(split) == FusionRelation::OneToMulti);
    CHECK(split.ops[1].op_id == 2);
    CHECK(split.ops[0].output_desc[0].origin_output_index == 1);
    CHECK(split.ops[1].output_desc.empty());  // no outputs, not a rename: nothing filled in

    // "_datadump_original_op_names" with no "s": one empty name; the op keys its own group.
    CHECK(rule.groups[3].key == "cast");
    CHECK(rule.groups[3].ops[0].original_op_names == std::vector<std::string>{""});
    CHECK(relation_of(rule.groups[4]) == FusionRelation::L1Fusion);
    CHECK(rule.groups[4].key == "7");

    std::vector<std::string> by_id;
    for (const FusionOp* op : rule.ops_by_sequence()) by_id.push_back(op->op_name);
    CHECK(by_id == std::vector<std::string>{"data", "cast", "conv_relu", "split_a", "split_b", "l1_a", "l1_b"});
    CHECK(rule.find_op("split_b") != nullptr);
    CHECK(rule.find_op("nothing") == nullptr);
}

TEST_CASE("fusion rule: several original names share a group when they join to the same text",
          "[kernel_dump_compare]") {
    CHECK(fusion_group_key("op", "", {"ab", "c"}) == fusion_group_key("other", "", {"a", "bc"}));
    CHECK(fusion_group_key("op", "", {""}) == "op");
    CHECK(fusion_group_key("op", "3", {"x"}) == "3");
}

TEST_CASE("fusion rule: a file of the wrong shape is refused with msaccucmp's message", "[kernel_dump_compare]") {
    CHECK(error_of("{}").find("There is no \"graph\" element in fusion rule file.") != std::string::npos);
    CHECK(error_of(R"({"graph": {}})").find("The \"graph\" element is not an array.") != std::string::npos);
    CHECK(error_of(R"({"graph": [{"op": [{"type": "Add"}]}]})").find("There is no \"name\" element") !=
          std::string::npos);
    CHECK(error_of(R"({"graph": [{"op": [{"name": 3, "type": "Add"}]}]})")
              .find("The \"name\" element is not a string.") != std::string::npos);
    CHECK(error_of(R"({"graph": [{"op": [{"name": "a", "type": "Add", "id": 1.5}]}]})")
              .find("The \"id\" element is not a integer.") != std::string::npos);
    CHECK(error_of(R"({"graph": [{"op": [{"name": "a", "type": "Add", "attr": [{"value": {}}]}]}]})")
              .find("There is no \"key\" element") != std::string::npos);
    CHECK(error_of(R"({"graph": [{"op": [{"name": "a", "type": "Add", "input": "b:0"}]}]})")
              .find("The \"input\" element is not an array.") != std::string::npos);
    CHECK(error_of("{\"graph\": [").find("Failed to load json object.") != std::string::npos);
    CHECK(error_of(R"({"graph": [{"op": [{"name": "a", "type": "Add",
        "attr": [{"key": "_datadump_is_multiop", "value": {"b": 1}}]}]}]})")
              .find("The \"b\" element is not a bool.") != std::string::npos);
}
