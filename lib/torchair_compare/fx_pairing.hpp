#pragma once
// One GE op of one token against the FX dump (torchair_acc_cmp.py:
// compare_ge_with_fx and its helpers). The op's name is split into graph ops
// (fused_op_names.hpp):
//   * one graph op: each `_fx_tensor_name` of its outputs names an FX op; its
//     FX inputs pair with the GE inputs and its FX outputs with the GE outputs,
//     by position as far as both go. msprobe keeps only the rows of the last
//     FX op found (each found one still counts its compare calls);
//   * several: the FX inputs of the first graph op's FX ops against the GE
//     inputs, the FX outputs of the last one's against the GE outputs, every
//     FX op found adding its rows;
//   * none: a Cast or TransData kernel (by the file's op type) compares its
//     own input i (as golden) with its output i.
// An FX op the FX dump lacks is said on the log ("FX data missing, …").
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

#include "torchair_compare/compare_row.hpp"
#include "torchair_compare/fx_dump_index.hpp"
#include "torchair_compare/ge_dump_index.hpp"
#include "torchair_compare/ge_graph.hpp"

namespace msprobe::torchair_compare {

// `op_name` and `my_file` are one entry of `my_token`.
OpRows compare_op_with_fx(std::string_view op_name, const std::filesystem::path& my_file, const GeGraph& graph,
                          const TokenDumps& my_token, const std::unordered_map<std::string, FxOpFiles>& fx,
                          std::int64_t token);

}  // namespace msprobe::torchair_compare
