#pragma once
// One GE op of one token against another GE dump of the same graph, e.g. one
// made with fusion switched off (torchair_acc_cmp.py: compare_ge_with_ge,
// gather_fused_op_data). An op is looked up by its name in the golden token.
// A kernel named AutomaticBufferFusionOp.* joins several graph ops: its golden
// inputs are gathered from each part's golden file (parts from the front of
// its name, fused_op_names.hpp; an input another part produces is left out; a
// part without a golden file contributes empty tensors), its golden outputs
// are those of the last part that has a golden file. Inputs and outputs pair
// by position as far as both sides go. A missing golden op is said on the log.
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "torchair_compare/compare_row.hpp"
#include "torchair_compare/ge_dump_index.hpp"
#include "torchair_compare/ge_graph.hpp"

namespace msprobe::torchair_compare {

// What the golden_data_path cell of a GE-against-GE row says.
enum class GoldenPathCells {
    PerTensor,  // "<golden file>,inputs|outputs,<i>", like my_data_path
    // msprobe's: the bare golden file for the inputs of an ordinary op, then for
    // outputs the file with ",inputs,0" (when an input row was made) and
    // ",outputs,<j>" for every output j up to this one appended; an empty
    // path reads as the working directory (os.path.realpath(""))
    Msprobe,
};

OpRows compare_op_with_ge(std::string_view op_name, const std::filesystem::path& my_file, const GeGraph& graph,
                          const TokenDumps& my_token, const TokenDumps& golden_token, std::int64_t token,
                          GoldenPathCells path_cells);

}  // namespace msprobe::torchair_compare
