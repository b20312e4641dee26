#pragma once
// Compares every matched node pair with compare's per-API metric code: each
// NPU node's precision index, and the cells of its port items, attached to
// them or made again when its row is written (direct_comparison).
#include <memory>
#include <optional>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_mode.hpp"
#include "compare/tensor_postprocess_folder.hpp"
#include "graph/node_matching.hpp"
#include "graph/precision_index.hpp"
#include "graph/rank_folder.hpp"

namespace msprobe::graph {

// Where msprobe's two graph commands compare differently; the defaults are its graph's.
struct ComparisonRules {
    // What a node's index measures; Verdict needs each row's verdict (compare's Result/Err_message rules).
    IndexKind index = IndexKind::ModeMetric;
    // Every compared item also gets its row's verdict: "Result" (pass/warning/error, replacing md5's copied
    // one) and "Err_message".
    bool item_verdicts = false;
    // With strict_compat, a row is named by the item at msprobe's misaligned position (an md5 result reported
    // on another item of the node, docs/compatibility.md); else each item names its own row.
    bool misaligned_item_names = true;
    // Real data: tensors of configured entries right-multiplied before the metrics (null: none).
    std::shared_ptr<const compare::TensorPostprocessFolder> tensor_postprocess;
    // The same in both: the nodes compared, on a progress line of the terminal.
    bool show_progress = false;
};

// Whether the cells are compare's per-row comparison (statistics and digests), which a row's writing can
// make again: compare_node_pairs then leaves them out of the items, keeping only each row's verdict on its
// item, and the NPU rows take them from comparison_fields; real data's cells are attached to the items.
bool direct_comparison(compare::CompareMode mode);

// The comparison fields of each of the NPU node's items, as they follow its own (empty for an item no row
// names; none for a node without a partner): inputs[i] node.inputs[i]'s, outputs[i] node.outputs[i]'s. For a
// mode direct_comparison allows; reads the partner's items, which must still be there.
void comparison_fields(const GraphNode& npu_node, compare::CompareMode mode, bool strict_compat,
                       const ComparisonRules& rules, std::vector<ItemFields>& inputs, std::vector<ItemFields>& outputs);

// Real-data mode reads the tensors from both folders' dump_tensor_data; nullopt (structure-only dumps)
// compares nothing. Throws msprobe::Error naming an unreadable tensor file.
void compare_node_pairs(const std::vector<NodePair>& pairs, std::optional<compare::CompareMode> mode,
                        const RankFolder& npu, const RankFolder& bench, bool strict_compat,
                        const ComparisonRules& rules, ThreadPool& pool);

}  // namespace msprobe::graph
