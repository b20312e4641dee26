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
#include "tensor/concatenate.hpp"
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

// msprobe's checks of a side's data names, then of its files: true (the reason
// reported) when one is refused.
bool refused_names(const TensorSide& side, UnreadableFiles& unreadable) {
    // A data_name that leaves dump_tensor_data is not opened: the row reads
    // msprobe's "read failed" and stderr says why (docs/compatibility.md).
    for (const auto& name : side.files) {
        if (const auto problem = dump::data_name_problem(name)) {
            const auto& api = side.dump->api_names[side.row->api_index];
            unreadable.report(side.dump->path + "\n" + name,
                              side.dump->path + ": " + dump::data_name_refusal(name, api, *problem));
            return true;
        }
    }
    return false;
}

bool refused_files(const TensorSide& side, UnreadableFiles& unreadable) {
    for (const auto& name : side.files) {
        const fs::path file = side.dump->tensor_dir() / name;
        if (const auto problem = tensor_file_problem(file)) {
            unreadable.report(file.string(), file.string() + ": " + *problem);
            return true;
        }
    }
    return false;
}

// One side's tensor: its file, or its files joined along the side's axis;
// nullopt (the reason reported) when one cannot be read or they cannot be joined.
std::optional<tensor::TensorView> read_side(const TensorSide& side, UnreadableFiles& unreadable) {
    std::vector<tensor::TensorView> parts;
    for (const auto& name : side.files) {
        const fs::path file = side.dump->tensor_dir() / name;
        try {
            parts.push_back(tensor::read_tensor_file(file));
        } catch (const Error& e) {
            unreadable.report(file.string(), e.what());
            return std::nullopt;
        }
    }
    if (parts.size() == 1) return parts.front();
    if (const auto problem = tensor::concatenation_problem(parts, side.join_axis)) {
        unreadable.report(side.dump->path + "\n" + side.data_name,
                          fmt::format("{}: {} cannot be joined: {}", side.dump->path, side.data_name, *problem));
        return std::nullopt;
    }
    return tensor::concatenated(parts, side.join_axis);
}

// `postprocess`: the run's configurations when one names an entry, else null.
TensorStep tensor_step(const TensorSide& npu, const TensorSide& bench, ThreadPool& pool, const RealDataOptions& options,
                       const TensorPostprocess* postprocess, UnreadableFiles& unreadable) {
    using metrics::PairError;
    if (npu.data_name == "-1")
        return {metrics::error_metrics(PairError::NoDataFile, "NPU does not have data file."), {}};
    if (bench.data_name == "-1")
        return {metrics::error_metrics(PairError::NoDataFile, "Bench does not have data file."), {}};
    if (npu.row == nullptr || bench.row == nullptr) {
        return {metrics::error_metrics(PairError::BenchUnmatched, "Bench api/module unmatched."), {}};
    }
    auto read_failed = [&] {
        return TensorStep{metrics::error_metrics(PairError::ReadFailure,
                                                 metrics::dump_file_read_failed(py::list_text(
                                                     {py::str_repr(npu.data_name), py::str_repr(bench.data_name)}))),
                          {}};
    };
    if (refused_names(npu, unreadable) || refused_names(bench, unreadable)) return read_failed();
    if (refused_files(npu, unreadable) || refused_files(bench, unreadable)) return read_failed();
    auto n = read_side(npu, unreadable);
    if (!n) return read_failed();
    auto b = read_side(bench, unreadable);
    if (!b) return read_failed();
    const metrics::ParallelFor parallel = [&pool](std::int64_t count, const std::function<void(std::int64_t)>& body) {
        pool.parallel_for(count, body);
    };
    // Before the float16 widening: a float16 product is NumPy's float16.
    if (postprocess) postprocess->apply(*n, *b, npu.data_name, bench.data_name, parallel);
    // msprobe computes the relative error of a float16 pair in float16: identical
    // tensors holding a zero then read MaxRelativeErr "Nan", and every ratio is
    // rounded to float16. We measure such pairs in float32 (docs/compatibility.md).
    if (!options.strict_compat && n->dtype == tensor::DType::Float16 && b->dtype == tensor::DType::Float16) {
        n = tensor::widened_to_float32(*n);
        b = tensor::widened_to_float32(*b);
    }
    metrics::CompareOptions metric_options;
    metric_options.strict_compat = options.strict_compat;
    metric_options.relative_epsilon = options.relative_epsilon;
    metric_options.shape_before_zero_dim = options.shape_before_zero_dim;
    TensorStep step{metrics::compare_tensors(*n, *b, metric_options, parallel), {}};
    if (options.locate && !step.metrics.error) step.location = metrics::locate_max_errors(*n, *b);
    return step;
}

Cell location_cell(const std::optional<metrics::ErrorLocation>& location, bool relative) {
    if (!location) return Cell(kNotApplicable);
    if (!relative) return Cell(metrics::index_text(location->max_abs));
    return location->max_relative ? Cell(metrics::index_text(*location->max_relative)) : Cell(kNotApplicable);
}

}  // namespace

const std::vector<std::string>& real_data_headers() {
    static const std::vector<std::string> headers = {"Cosine",
                                                     "EucDist",
                                                     "MaxAbsErr",
                                                     "MaxRelativeErr",
                                                     "One Thousandth Err Ratio",
                                                     "Five Thousandths Err Ratio",
                                                     "NPU max",
                                                     "NPU min",
                                                     "NPU mean",
                                                     "NPU l2norm",
                                                     "Bench max",
                                                     "Bench min",
                                                     "Bench mean",
                                                     "Bench l2norm",
                                                     "Requires_grad Consistent",
                                                     "Accuracy Reached or Not",
                                                     "Err_message"};
    return headers;
}

TensorSide TensorSide::of_row(const dump::DumpFile& dump, const dump::DumpRow* row) {
    TensorSide side;
    side.dump = &dump;
    side.row = row;
    side.data_name = row ? row->data_name() : kNotApplicable;
    side.files = {side.data_name};
    return side;
}

std::vector<TensorStep> tensor_steps(std::size_t count, const std::function<TensorSides(std::size_t)>& sides_of,
                                     ThreadPool& pool, const RealDataOptions& options) {
    const TensorPostprocess* postprocess = nullptr;  // read here: a run without tensors never reads it
    if (options.tensor_postprocess && options.tensor_postprocess->configurations().effective()) {
        postprocess = &options.tensor_postprocess->configurations();
    }
    std::vector<TensorStep> steps(count);
    UnreadableFiles unreadable;
    std::optional<Progress> own;
    Progress& progress =
        options.progress != nullptr
            ? *options.progress
            : own.emplace("Comparing tensors", static_cast<std::int64_t>(count), options.show_progress, "tensors");
    pool.parallel_for(static_cast<std::int64_t>(count), [&](std::int64_t i) {
        const auto sides = sides_of(static_cast<std::size_t>(i));
        steps[static_cast<std::size_t>(i)] =
            tensor_step(sides.npu, sides.bench, pool, options, postprocess, unreadable);
        progress.advance();
    });
    return steps;
}

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
    ResultTable result = start_table(CompareMode::All, npu, pairs, real_data_headers(), stack != nullptr);
    result.table.header.emplace_back("Data_name");
    if (options.locate) {
        result.table.header.emplace_back("MaxAbsErr Index");
        result.table.header.emplace_back("MaxRelativeErr Index");
    }

    // The tensor step of every row, in parallel; results land by row index.
    const auto steps = tensor_steps(
        pairs.size(),
        [&](std::size_t i) {
            return TensorSides{TensorSide::of_row(npu, &npu.rows[pairs[i].npu]),
                               TensorSide::of_row(bench, bench_row(bench, pairs[i]))};
        },
        pool, options);

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
