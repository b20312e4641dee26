#pragma once
// The real-data ("all" mode) result table: every matched pair of tensor files
// read and measured by the fused metric kernel, on a thread pool, in NPU order.
#include <memory>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "compare/tensor_postprocess_folder.hpp"
#include "dump/stack_file.hpp"
#include "metrics/metric_cell.hpp"
#include "metrics/relative_error.hpp"
#include "report/cell.hpp"

namespace msprobe::compare {

struct RealDataOptions {
    bool strict_compat = false;  // repeat the 0-d sentence 16 times, as msprobe does
    bool show_progress = true;
    bool locate = false;  // --locate: index columns of the max absolute / relative error
    bool fuzzy_match = false;    // -f: pairs whose names differ say so in Err_message
    metrics::RelativeEpsilon relative_epsilon = metrics::RelativeEpsilon::Float64;  // August: OfComputeType
    bool shape_before_zero_dim = false;  // August: a 0-d NPU tensor must match the bench shape too
    // Tensors of configured entries right-multiplied between reading and comparing (null: none).
    std::shared_ptr<const TensorPostprocessFolder> tensor_postprocess;
};

// A metric as msprobe writes it: the number, "Nan", or the placeholder text.
report::Cell metric_cell(const metrics::MetricCell& m);

// Throws msprobe::Error naming a tensor data directory (dump_tensor_data) that either dump lacks.
void require_tensor_dirs(const dump::DumpFile& npu, const dump::DumpFile& bench);

ResultTable real_data_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                            const dump::StackFile* stack, ThreadPool& pool, const RealDataOptions& options);

}  // namespace msprobe::compare
