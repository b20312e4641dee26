#pragma once
// The real-data ("all" mode) result table: every matched pair of tensor files
// read and measured by the fused metric kernel, on a thread pool, in NPU order.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/progress.hpp"
#include "common/thread_pool.hpp"
#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "compare/tensor_postprocess_folder.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"
#include "metrics/error_location.hpp"
#include "metrics/metric_cell.hpp"
#include "metrics/relative_error.hpp"
#include "metrics/tensor_metrics.hpp"
#include "report/cell.hpp"

namespace msprobe::compare {

struct RealDataOptions {
    bool strict_compat = false;  // repeat the 0-d sentence 16 times, as msprobe does
    bool show_progress = true;
    // Set: the tensors are counted on this line (one over every part of a result made in parts), not on their own.
    Progress* progress = nullptr;
    bool locate = false;  // --locate: index columns of the max absolute / relative error
    bool fuzzy_match = false;    // -f: pairs whose names differ say so in Err_message
    metrics::RelativeEpsilon relative_epsilon = metrics::RelativeEpsilon::Float64;  // August: OfComputeType
    bool shape_before_zero_dim = false;  // August: a 0-d NPU tensor must match the bench shape too
    // Tensors of configured entries right-multiplied between reading and comparing (null: none).
    std::shared_ptr<const TensorPostprocessFolder> tensor_postprocess;
};

// One side of a row's tensor comparison.
struct TensorSide {
    const dump::DumpFile* dump = nullptr;
    const dump::DumpRow* row = nullptr;  // null: the side is unmatched
    std::string data_name;               // as the Data_name cell shows it ("-1": no file, "N/A": unmatched)
    std::vector<std::string> files;      // read from the dump's tensor folder; several are joined along join_axis
    std::size_t join_axis = 0;

    // The side of one dump row (null: unmatched): its file.
    static TensorSide of_row(const dump::DumpFile& dump, const dump::DumpRow* row);
};

struct TensorSides {
    TensorSide npu;
    TensorSide bench;
};

// One row's tensor step: msprobe's metrics, and where the largest errors sit
// when --locate asked for it.
struct TensorStep {
    metrics::PairMetrics metrics;
    std::optional<metrics::ErrorLocation> location;
};

// The tensor step of rows 0..count-1 on the pool (a progress bar when asked),
// `sides_of(i)` naming row i's tensors; a file that cannot be read gives its row
// msprobe's "read failed" and one [ERROR] line naming it.
std::vector<TensorStep> tensor_steps(std::size_t count, const std::function<TensorSides(std::size_t)>& sides_of,
                                     ThreadPool& pool, const RealDataOptions& options);

// The columns of the real-data table after the identity columns: metrics, statistics, verdict.
const std::vector<std::string>& real_data_headers();

// A metric as msprobe writes it: the number, "Nan", or the placeholder text.
report::Cell metric_cell(const metrics::MetricCell& m);

// Throws msprobe::Error naming a tensor data directory (dump_tensor_data) that either dump lacks.
void require_tensor_dirs(const dump::DumpFile& npu, const dump::DumpFile& bench);

ResultTable real_data_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                            const dump::StackFile* stack, ThreadPool& pool, const RealDataOptions& options);

}  // namespace msprobe::compare
