#include "kernel_dump_compare/fusion_rule_merge.hpp"

#include <catch2/catch.hpp>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

namespace {

FusionRule rule_of(const std::string& name, const std::string& json) {
    const auto dir = testing::scratch_dir("kdc_merge_" + name);
    testing::write_file(dir / "rule.json", json);
    return read_fusion_rule(dir / "rule.json");
}

const char* kOffline = R"({"graph": [{"op": [
 {"name": "conv_q", "type": "Conv2D", "id": 1, "input": ["data:0"],
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv_quant_layer", "conv"]}}}],
  "output_desc": [{"dtype": "DT_FLOAT16", "attr": [{"key": "_datadump_origin_name", "value": {"s": "conv"}},
     {"key": "_datadump_origin_output_index", "value": {"i": 0}},
     {"key": "_datadump_origin_format", "value": {"s": "NHWC"}},
     {"key": "origin_shape", "value": {"list": {"i": [1, 4, 4, 3]}}}]}]},
 {"name": "relu", "type": "Relu", "id": 2, "input": ["conv_q:0"],
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["relu"]}}}],
  "output_desc": [{"dtype": "DT_FLOAT16", "attr": [{"key": "_datadump_origin_name", "value": {"s": "missing"}}]}]}
]}]}
)";
const char* kQuant = R"({"graph": [{"op": [
 {"name": "conv", "type": "Conv2D", "id": 1,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv_orig", "bias_orig"]}}}],
  "output_desc": [{"dtype": "DT_FLOAT", "attr": [{"key": "_datadump_origin_name", "value": {"s": "bias_orig"}},
     {"key": "_datadump_origin_output_index", "value": {"i": 0}}]}]},
 {"name": "conv_quant_layer", "type": "AscendQuant", "id": 0,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv_orig"]}}}]},
 {"name": "relu", "type": "Relu", "id": 2,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["relu"]}}}]}
]}]}
)";
const char* kOpen = R"({"graph": [{"op": [
 {"name": "conv_relu", "type": "Conv2D", "id": 1,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv", "relu"]}}}],
  "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "relu"}},
     {"key": "_datadump_origin_output_index", "value": {"i": 0}}]}]},
 {"name": "add", "type": "Add", "id": 2, "input": ["conv_relu:0"],
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["add"]}}}],
  "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "add"}}]}]}
]}]}
)";
const char* kClose = R"({"graph": [{"op": [
 {"name": "conv_c", "type": "Conv2D", "id": 1,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv"]}}}],
  "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "conv"}}]}]},
 {"name": "relu_c", "type": "Relu", "id": 2,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["relu"]}}}],
  "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "relu"}},
     {"key": "_datadump_origin_output_index", "value": {"i": 0}}]}]},
 {"name": "add_c", "type": "Add", "id": 3,
  "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["add"]}}}]}
]}]}
)";

const FusionOp& op_named(const FusionRule& rule, const std::string& name) {
    const FusionOp* op = rule.find_op(name);
    REQUIRE(op != nullptr);
    return *op;
}

}  // namespace

// The expectations are what fusion_rule_parser.merge_fusion_rule and merge_close_and_open_fusion_rule make of the
// same files.
TEST_CASE("fusion rule merge: the quantized model's rule takes NPU ops back to the original model",
          "[kernel_dump_compare]") {
    std::vector<std::string> warnings;
    const FusionRule merged = merge_quant_rule(rule_of("offline", kOffline), rule_of("quant", kQuant), warnings);
    REQUIRE(merged.groups.size() == 2);
    const FusionOp& conv = merged.groups[0].ops.at(0);
    CHECK(conv.op_name == "conv_q");
    CHECK(conv.op_id == 0);
    // Both quant ops' original names, once each, in order.
    CHECK(conv.original_op_names == std::vector<std::string>{"conv_orig", "bias_orig"});
    REQUIRE(conv.output_desc.size() == 1);
    CHECK(conv.output_desc[0].origin_name == "bias_orig");
    CHECK(conv.output_desc[0].origin_output_index == 0);
    CHECK(conv.output_desc[0].origin_format == "NHWC");  // the NPU rule's format and shape win
    CHECK(conv.output_desc[0].origin_shape == std::vector<std::int64_t>{1, 4, 4, 3});
    const FusionOp& relu = op_named(merged, "relu");
    CHECK(relu.op_id == 1);
    CHECK(relu.output_desc.at(0).origin_name == "missing");  // not in the quant rule: kept as it was
    CHECK(warnings == std::vector<std::string>{"The name \"missing\" is not in quant fusion rule."});
}

TEST_CASE("fusion rule merge: the unfused model's ops become the golden names", "[kernel_dump_compare]") {
    std::vector<std::string> warnings;
    const FusionRule merged = merge_close_rule(rule_of("open", kOpen), rule_of("close", kClose), warnings);
    REQUIRE(merged.groups.size() == 2);
    // The open rule is walked from its last op back, each keeping its number.
    CHECK(merged.groups[0].ops.at(0).op_name == "add");
    CHECK(merged.groups[0].ops[0].op_id == 1);
    CHECK(merged.groups[0].ops[0].original_op_names == std::vector<std::string>{"add_c"});
    CHECK(merged.groups[0].ops[0].output_desc.at(0).origin_name == "add_c");
    const FusionOp& conv = op_named(merged, "conv_relu");
    CHECK(conv.op_id == 0);
    CHECK(conv.original_op_names == std::vector<std::string>{"conv_c", "relu_c"});
    CHECK(conv.output_desc.at(0).origin_name == "relu_c");
    CHECK(conv.output_desc.at(0).origin_output_index == 0);
    // add_c lists no output: its position cannot be found.
    CHECK(warnings == std::vector<std::string>{"There is no valid output desc associated with \"add:output:0\"."});
}
