#pragma once
// What msprobe takes from one GE graph dump: its ops by name, each with its
// place in the file, the names of the ops feeding it, and the FX tensors its
// outputs come from (the `_fx_tensor_name` attributes of its output_desc
// blocks). torchair_acc_cmp.py reads these through the `op` block of every
// top-level message (graph_map_dict, sort_ge_dump_data, get_all_op_input_names,
// filter_valid_fx_desc_tensor_info).
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "torchair_compare/pbtxt_blocks.hpp"

namespace msprobe::torchair_compare {

struct GeGraphOp {
    std::size_t position = 0;              // index of its top-level message in the file
    std::vector<std::string> input_names;  // each `input` value up to its last ':' ("" without one)
    // Per output_desc block in file order: the `s` value of every attribute
    // {key: "_fx_tensor_name" value {s: "..."}} it holds, as written.
    std::vector<std::vector<std::string>> output_fx_names;
};

class GeGraph {
public:
    // The ops of the messages whose first `op` field is a block with a `name`
    // value; an op named twice is its last block (msprobe's dicts keep the last).
    explicit GeGraph(const std::vector<PbtxtMessage>& messages);

    const GeGraphOp* find(std::string_view name) const;
    bool contains(std::string_view name) const { return find(name) != nullptr; }
    // Where an op stands in the file, -1 for a name the graph lacks (sorted first).
    std::ptrdiff_t position(std::string_view name) const;
    std::size_t size() const { return ops_.size(); }

private:
    std::unordered_map<std::string, GeGraphOp> ops_;
};

// The graph of a dynamo_original_graph_*.txt file.
GeGraph read_ge_graph(const std::filesystem::path& file);

// An FX tensor name without its ".OUTPUT.<i>" tail, as the FX dump names the
// op's files: "add_1-aten.add.Tensor.OUTPUT.0" → "add_1-aten.add.Tensor". A
// name without a second-to-last "OUTPUT" field is kept whole.
std::string fx_op_of_tensor(std::string_view fx_tensor_name);

}  // namespace msprobe::torchair_compare
