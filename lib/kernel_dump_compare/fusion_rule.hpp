#pragma once
// ATC's fusion rule (the model's graph dump as JSON, -fr/-qfr/-cfr) as
// msaccucmp reads it (vector_cmp/fusion_manager/fusion_rule_parser.py): every
// NPU op with the golden ops it was made from, grouped into fusion groups.
//
//   {"graph": [{"op": [{"name": "conv1", "type": "Conv2D", "id": 3,
//                       "input": ["data:0", "weight:0"],
//                       "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv1"]}}}],
//                       "output_desc": [{"dtype": "DT_FLOAT16", "attr": [
//                           {"key": "_datadump_origin_name", "value": {"s": "conv1"}},
//                           {"key": "_datadump_origin_output_index", "value": {"i": 0}},
//                           {"key": "_datadump_origin_format", "value": {"s": "NCHW"}},
//                           {"key": "origin_shape", "value": {"list": {"i": [1, 3, 8, 8]}}}]}]}]}]}
//
// Ops sharing a group key (the L1 fusion subgraph number, else the one
// original name, else the list of original names) form one group; a group's
// number, in order of first appearance, is the result's Index.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::kernel_dump_compare {

struct OutputDesc {
    std::string origin_name;
    std::optional<std::int64_t> origin_output_index;
    std::string origin_format;
    std::vector<std::int64_t> origin_shape;
    std::string data_type;  // the output's "dtype" ("DT_INT8", ...), read by the quant filter
};

// An op of a group. For the rule made of two NPU folders (no rule file), op_type
// is "Left" or "Right" and `files` holds the op's dump files instead of output descs.
struct FusionOp {
    std::size_t op_id = 0;  // the group's number
    std::string op_name;
    std::vector<std::string> inputs;  // "producer:index"
    std::string op_type;
    std::vector<OutputDesc> output_desc;
    std::vector<std::string> original_op_names;
    std::string l1_fusion_no;
    bool multi_op = false;
    std::int64_t sequence = 0;    // "id"
    bool quant_filtered = false;  // inside a quant/dequant pair: not compared
    std::vector<std::filesystem::path> files;

    // The op's type, or "NaN" for the Left/Right placeholders (FusionOp.get_real_op_type).
    std::string real_op_type() const;
    // _datadump_is_multiop and no output has an origin name (FusionOp.is_inner_node).
    bool is_inner_node() const;
};

struct FusionGroup {
    std::string key;
    std::vector<FusionOp> ops;
};

enum class FusionRelation { OneToOne, MultiToOne, OneToMulti, MultiToMulti, L1Fusion };

FusionRelation relation_of(const FusionGroup& group);

struct FusionRule {
    std::vector<FusionGroup> groups;              // in the order of their numbers
    std::map<std::string, std::string> group_of;  // op name -> group key
    std::vector<std::string> op_order;            // the op names of group_of in the order they were first read
    std::vector<std::string> input_nodes;         // names of "Data" ops

    // Finds the group of `key` through the index index_groups() made (a scan when it is stale).
    const FusionGroup* group(const std::string& key) const;
    // Indexes `groups` by key: every maker of a rule calls it once its groups are final.
    void index_groups();
    // The op named `op_name` and its group, or nullptr (FusionRuleParser.get_fusion_op_list).
    const FusionOp* find_op(const std::string& op_name) const;
    // Every op in "id" order (FusionRuleParser.op_list).
    std::vector<const FusionOp*> ops_by_sequence() const;

private:
    std::map<std::string, std::size_t> group_position_;
};

// Reads and groups a rule file, then marks the ops of quant/dequant pairs.
// Throws msprobe::Error(file, reason) for unreadable JSON and for elements of
// the wrong kind, with msaccucmp's messages.
FusionRule read_fusion_rule(const std::filesystem::path& file);

// The group key msaccucmp makes (FusionRuleParser.make_fusion_op_name).
std::string fusion_group_key(const std::string& op_name, const std::string& l1_fusion_no,
                             const std::vector<std::string>& original_op_names);

}  // namespace msprobe::kernel_dump_compare
