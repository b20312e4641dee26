#include "compare/real_data_table.hpp"

#include <fmt/format.h>

#include <cmath>
#include <mutex>
#include <regex>
#include <set>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"
#include "common/python_text.hpp"
#include "compare/row_cells.hpp"
#include "dump/data_name.hpp"
#include "metrics/accuracy.hpp"
#include "metrics/error_cells.hpp"
#include "metrics/error_location.hpp"
#include "metrics/tensor_metrics.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor/widen.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

using report::Cell;

Cell metric_cell(const metrics::MetricCell& m) {
    if (m.is_number()) return std::isnan(m.value) ? Cell(std::string(metrics::kNanText)) : Cell(m.value);
    return Cell(std::string(metrics::placeholder_text(m.state)));
}

namespace {

constexpr std::int64_t kMaxTensorFileBytes = std::int64_t{10} << 30;  // msprobe's 10 GiB limit

// msprobe's checks before opening a tensor file: why the file is
// refused (its row then reads "read failed"), or nullopt.
std::optional<std::string> tensor_file_problem(const fs::path& path) {
    static const std::regex kSafePath("^[a-zA-Z0-9_.:/-]+$");
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    if (ec || !fs::exists(status)) return "no such file";
    if (!fs::is_regular_file(status)) return "not a regular file";
    const auto ext = path.extension();
    if (ext != ".pt" && ext != ".npy") return "not a tensor file: expected the suffix .pt or .npy";
    const auto size = fs::file_size(path, ec);
    if (ec || static_cast<std::int64_t>(size) >= kMaxTensorFileBytes) return "file of 10 GiB or more";
    const std::string text = fs::absolute(path).lexically_normal().string();
    if (text.size() > 4096 || path.filename().string().size() > 255) return "path too long";
    if (!std::regex_match(text, kSafePath)) return "path holds characters other than letters, digits and _.:/-";
    return std::nullopt;
}

// One stderr line (an [ERROR] log line) per tensor file a row could not
// read (a file may serve several rows): a refused or broken file is never silent.
class UnreadableFiles {
public:
    void report(const std::string& file, const std::string& message) {
        const std::lock_guard lock(mutex_);
        if (reported_.insert(file).second) log::error(message + "; its rows read \"read failed\"");
    }

private:
    std::mutex mutex_;
    std::set<std::string> reported_;
};

// One row's tensor step: msprobe's metrics, and where the largest errors sit
// when --locate asked for it.
struct TensorStep {
    metrics::PairMetrics metrics;
    std::optional<metrics::ErrorLocation> location;
};

// `postprocess`: the run's configurations when one names an entry, else null.
TensorStep tensor_step(const dump::DumpFile& npu, const dump::DumpFile& bench, const dump::DumpRow& npu_leaf,
                       const dump::DumpRow* bench_leaf, ThreadPool& pool, const RealDataOptions& options,
                       const TensorPostprocess* postprocess, UnreadableFiles& unreadable) {
    using metrics::PairError;
    const std::string& npu_name = npu_leaf.data_name();
    const std::string bench_name = bench_leaf ? bench_leaf->data_name() : kNotApplicable;
    if (npu_name == "-1") return {metrics::error_metrics(PairError::NoDataFile, "NPU does not have data file."), {}};
    if (bench_name == "-1")
        return {metrics::error_metrics(PairError::NoDataFile, "Bench does not have data file."), {}};
    if (bench_leaf == nullptr) {
        return {metrics::error_metrics(PairError::BenchUnmatched, "Bench api/module unmatched."), {}};
    }
    auto read_failed = [&] {
        return TensorStep{
            metrics::error_metrics(PairError::ReadFailure, metrics::dump_file_read_failed(py::list_text(
                                                               {py::str_repr(npu_name), py::str_repr(bench_name)}))),
            {}};
    };
    // A data_name that leaves dump_tensor_data is not opened: the row reads
    // msprobe's "read failed" and stderr says why (docs/compatibility.md).
    const auto refused_name = [&](const dump::DumpFile& dump, const dump::DumpRow& row) {
        const auto problem = dump::data_name_problem(row.data_name());
        if (problem) {
            unreadable.report(
                dump.path + "\n" + row.data_name(),
                dump.path + ": " + dump::data_name_refusal(row.data_name(), dump.api_names[row.api_index], *problem));
        }
        return problem.has_value();
    };
    if (refused_name(npu, npu_leaf) || refused_name(bench, *bench_leaf)) return read_failed();
    const fs::path npu_file = npu.tensor_dir() / npu_name;
    const fs::path bench_file = bench.tensor_dir() / bench_name;
    for (const auto* file : {&npu_file, &bench_file}) {
        if (const auto problem = tensor_file_problem(*file)) {
            unreadable.report(file->string(), file->string() + ": " + *problem);
            return read_failed();
        }
    }
    tensor::TensorView n, b;
    const fs::path* reading = &npu_file;
    try {
        n = tensor::read_tensor_file(npu_file);
        reading = &bench_file;
        b = tensor::read_tensor_file(bench_file);
    } catch (const Error& e) {
        unreadable.report(reading->string(), e.what());
        return read_failed();
    }
    const metrics::ParallelFor parallel = [&pool](std::int64_t count, const std::function<void(std::int64_t)>& body) {
        pool.parallel_for(count, body);
    };
    // Before the float16 widening: a float16 product is NumPy's float16.
    if (postprocess) postprocess->apply(n, b, npu_name, bench_name, parallel);
    // msprobe computes the relative error of a float16 pair in float16: identical
    // tensors holding a zero then read MaxRelativeErr "Nan", and every ratio is
    // rounded to float16. We measure such pairs in float32 (docs/compatibility.md).
    if (!options.strict_compat && n.dtype == tensor::DType::Float16 && b.dtype == tensor::DType::Float16) {
        n = tensor::widened_to_float32(n);
        b = tensor::widened_to_float32(b);
    }
    metrics::CompareOptions metric_options;
    metric_options.strict_compat = options.strict_compat;
    metric_options.relative_epsilon = options.relative_epsilon;
    metric_options.shape_before_zero_dim = options.shape_before_zero_dim;
    TensorStep step{metrics::compare_tensors(n, b, metric_options, parallel), {}};
    if (options.locate && !step.metrics.error) step.location = metrics::locate_max_errors(n, b);
    return step;
}

Cell location_cell(const std::optional<metrics::ErrorLocation>& location, bool relative) {
    if (!location) return Cell(kNotApplicable);
    if (!relative) return Cell(metrics::index_text(location->max_abs));
    return location->max_relative ? Cell(metrics::index_text(*location->max_relative)) : Cell(kNotApplicable);
}

}  // namespace

void require_tensor_dirs(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    std::error_code ec;
    for (const auto* side : {&npu, &bench}) {
        if (!std::filesystem::is_directory(side->tensor_dir(), ec)) {
            throw Error(side->tensor_dir().string(), "tensor data directory of a tensor-task dump is missing");
        }
    }
}

ResultTable real_data_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                            const dump::StackFile* stack, ThreadPool& pool, const RealDataOptions& options) {
    ResultTable result = start_table(
        CompareMode::All, npu, pairs,
        {"Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio", "Five Thousandths Err Ratio",
         "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm",
         "Requires_grad Consistent", "Accuracy Reached or Not", "Err_message"},
        stack != nullptr);
    result.table.header.emplace_back("Data_name");
    if (options.locate) {
        result.table.header.emplace_back("MaxAbsErr Index");
        result.table.header.emplace_back("MaxRelativeErr Index");
    }

    const TensorPostprocess* postprocess = nullptr;  // read here: a run without tensors never reads it
    if (options.tensor_postprocess && options.tensor_postprocess->configurations().effective()) {
        postprocess = &options.tensor_postprocess->configurations();
    }
    // The tensor step of every row, in parallel; results land by row index.
    std::vector<TensorStep> steps(pairs.size());
    UnreadableFiles unreadable;
    {
        Progress progress("Comparing tensors", static_cast<std::int64_t>(pairs.size()), options.show_progress,
                          "tensors");
        pool.parallel_for(static_cast<std::int64_t>(pairs.size()), [&](std::int64_t i) {
            const auto& pair = pairs[static_cast<std::size_t>(i)];
            steps[static_cast<std::size_t>(i)] =
                tensor_step(npu, bench, npu.rows[pair.npu], bench_row(bench, pair), pool, options, postprocess,
                            unreadable);
            progress.advance();
        });
    }

    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto& pair = pairs[i];
        const auto& n = npu.rows[pair.npu];
        const dump::DumpRow* b = bench_row(bench, pair);
        const auto& step = steps[i].metrics;
        auto& cells = begin_row(result, n, b);
        for (const auto* m : {&step.cosine, &step.euc_dist, &step.max_abs_err,
                              &step.max_relative_err, &step.one_thousandth_err_ratio,
                              &step.five_thousandths_err_ratio}) {
            cells.push_back(metric_cell(*m));
        }
        append_statistic_cells(cells, n, b);
        const bool consistent = requires_grad_text(&n) == requires_grad_text(b);
        cells.push_back(Cell::boolean(consistent));
        cells.emplace_back(std::string(metrics::accuracy_reached(step.cosine, step.max_abs_err)));
        // msprobe: unmatched rows start with their own message, which a
        // requires_grad mismatch replaces; the tensor step's message follows.
        std::string message = b ? "" : "No bench data matched.";
        if (!consistent) message = "Requires_grad inconsistent. ";
        message += step.message;
        if (options.fuzzy_match && b && b->name != n.name) {
            message += " Fuzzy matching data, the comparison accuracy may be affected.";
        }
        cells.emplace_back(std::move(message));
        if (stack) cells.push_back(stack_cell(npu, pair.npu, *stack));
        const std::string bench_name = b ? b->data_name() : kNotApplicable;
        cells.emplace_back(py::list_text({py::str_repr(n.data_name()), py::str_repr(bench_name)}));
        if (options.locate) {
            cells.push_back(location_cell(steps[i].location, false));
            cells.push_back(location_cell(steps[i].location, true));
        }
    }
    return result;
}

}  // namespace msprobe::compare
