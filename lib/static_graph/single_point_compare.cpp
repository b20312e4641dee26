#include "static_graph/single_point_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_text.hpp"
#include "common/thread_pool.hpp"
#include "compare/committed_results.hpp"
#include "static_graph/kernel_compare.hpp"
#include "static_graph/native_statistics.hpp"
#include "metrics/accuracy.hpp"
#include "metrics/tensor_metrics.hpp"
#include "tensor/numpy_text.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::static_graph {

namespace fs = std::filesystem;
using report::Cell;

namespace {

constexpr int kMaxDepth = 10;  // msprobe walks at most this deep below a root

const std::vector<std::string>& result_header() {
    static const std::vector<std::string> header = {
        "Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape", "Cosine", "EucDist",
        "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio", "Five Thousandths Err Ratio", "NPU max",
        "NPU min", "NPU mean", "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm",
        "Accuracy Reached or Not", "Err_message", "Data_name"};
    return header;
}

bool is_npy(const fs::directory_entry& entry) {
    std::error_code ec;
    return entry.path().extension() == ".npy" && entry.is_regular_file(ec);
}

// Every .npy file at most kMaxDepth levels below dir, relative to it, in name order.
std::vector<fs::path> npy_files_below(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it.depth() >= kMaxDepth) it.disable_recursion_pending();
        if (is_npy(*it)) files.push_back(it->path().lexically_relative(dir));
    }
    if (ec) throw Error(dir.string(), "cannot list the directory");
    std::sort(files.begin(), files.end());
    return files;
}

// The directories (relative to root, "" for root itself) that hold .npy files.
std::vector<fs::path> npy_dirs(const fs::path& root) {
    std::vector<fs::path> dirs;
    auto holds_npy = [](const fs::path& dir) {
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            if (is_npy(*it)) return true;
        }
        return false;
    };
    if (holds_npy(root)) dirs.emplace_back();
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        if (it.depth() >= kMaxDepth) it.disable_recursion_pending();
        if (it->is_directory(ec) && !it->is_symlink(ec) && holds_npy(it->path())) {
            dirs.push_back(it->path().lexically_relative(root));
        }
    }
    if (ec) throw Error(root.string(), "cannot list the directory");
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

std::int64_t trailing_counter(const fs::path& file) {
    const std::string stem = file.stem().string();
    const std::string last = stem.substr(stem.rfind('_') + 1);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(last.data(), last.data() + last.size(), value);
    return ec == std::errc() && end == last.data() + last.size() ? value : -1;
}

struct KeyedFiles {
    std::vector<std::string> keys;                         // in order of first appearance
    std::map<std::string, std::vector<fs::path>> files;  // per key, by trailing counter
};

KeyedFiles group_by_key(const std::vector<fs::path>& files) {
    KeyedFiles out;
    for (const auto& file : files) {
        const auto key = single_point_key(file.stem().string());
        if (!key) continue;
        auto [it, inserted] = out.files.try_emplace(*key);
        if (inserted) out.keys.push_back(*key);
        it->second.push_back(file);
    }
    for (auto& [key, group] : out.files) {
        std::stable_sort(group.begin(), group.end(), [](const fs::path& a, const fs::path& b) {
            return trailing_counter(a) < trailing_counter(b);
        });
    }
    return out;
}

std::string metric_text(const metrics::MetricCell& m) {
    if (!m.is_number()) return std::string(metrics::placeholder_text(m.state));
    return std::isnan(m.value) ? std::string(metrics::kNanText) : py::float_repr(m.value);
}

struct LoadedSide {
    tensor::TensorView view;
    NativeStatistics statistics;
};

LoadedSide load_side(const fs::path& file) {
    LoadedSide side{tensor::read_tensor_file(file), {}};
    if (side.view.dtype == tensor::DType::Complex64 || side.view.dtype == tensor::DType::Complex128) {
        throw Error(file.string(), "complex tensors are not supported by the single-point compare");
    }
    side.statistics = native_statistics(side.view, tensor::to_double_vector(side.view));
    return side;
}

std::vector<Cell> pair_row(const std::string& name, const fs::path& npu_file, const fs::path& bench_file,
                           const compare::CompareOptions& options) {
    const LoadedSide n = load_side(npu_file);
    const LoadedSide b = load_side(bench_file);
    metrics::CompareOptions metric_options;
    metric_options.strict_compat = options.strict_compat;
    const metrics::PairMetrics m = metrics::compare_tensors(n.view, b.view, metric_options);
    std::vector<std::string> texts = {name,
                                      std::string(tensor::numpy_dtype_name(n.view.dtype)),
                                      std::string(tensor::numpy_dtype_name(b.view.dtype)),
                                      tensor::shape_tuple_text(n.view.shape),
                                      tensor::shape_tuple_text(b.view.shape)};
    for (const auto* cell : {&m.cosine, &m.euc_dist, &m.max_abs_err, &m.max_relative_err,
                             &m.one_thousandth_err_ratio, &m.five_thousandths_err_ratio}) {
        texts.push_back(metric_text(*cell));
    }
    for (const auto* s : {&n.statistics, &b.statistics}) {
        for (const auto* scalar : {&s->max, &s->min, &s->mean, &s->l2norm}) texts.push_back(native_text(*scalar));
    }
    texts.emplace_back(metrics::accuracy_reached(m.cosine, m.max_abs_err));
    texts.push_back(m.message);
    texts.push_back(py::list_text({py::str_repr(npu_file.string()), py::str_repr(bench_file.string())}));
    std::vector<Cell> cells;
    cells.reserve(texts.size());
    for (auto& text : texts) cells.emplace_back(text.empty() ? Cell() : Cell(std::move(text)));
    return cells;
}

}  // namespace

std::optional<std::string> single_point_key(const std::string& stem) {
    std::vector<std::size_t> separators;
    for (std::size_t i = 0; i < stem.size(); ++i) {
        if (stem[i] == '_') separators.push_back(i);
    }
    if (separators.size() < 2) return std::nullopt;
    return stem.substr(0, separators[separators.size() - 2]);
}

report::Table single_point_table(const fs::path& npu_dir, const fs::path& bench_dir,
                                 const std::map<std::string, std::string>& map_dict,
                                 const compare::CompareOptions& options, ThreadPool& pool) {
    const KeyedFiles npu = group_by_key(npy_files_below(npu_dir));
    const KeyedFiles bench = group_by_key(npy_files_below(bench_dir));
    struct Pair {
        std::string name;
        fs::path npu;
        fs::path bench;
    };
    std::vector<Pair> pairs;
    for (const auto& key : npu.keys) {
        auto found = bench.files.find(key);
        if (found == bench.files.end()) {
            if (auto mapped = map_dict.find(key); mapped != map_dict.end()) found = bench.files.find(mapped->second);
        }
        if (found == bench.files.end()) {
            log::warning(fmt::format("{}: no bench file for '{}'; skipped.", npu_dir.string(), key));
            continue;
        }
        const auto& npu_files = npu.files.at(key);
        const std::size_t count = std::min(npu_files.size(), found->second.size());
        for (std::size_t i = 0; i < count; ++i) {
            pairs.push_back({fmt::format("{}_{}", key, i), npu_dir / npu_files[i], bench_dir / found->second[i]});
        }
    }
    report::Table table;
    table.header = result_header();
    table.rows.resize(pairs.size());
    pool.parallel_for(static_cast<std::int64_t>(pairs.size()), [&](std::int64_t i) {
        const Pair& p = pairs[static_cast<std::size_t>(i)];
        table.rows[static_cast<std::size_t>(i)] = pair_row(p.name, p.npu, p.bench, options);
    });
    return table;
}

compare::CompareSummary run_single_point_compare(const compare::SinglePointDirs& config,
                                                 const compare::CompareOptions& options, ThreadPool& pool) {
    for (const auto& root : {config.npu_path, config.bench_path}) {
        if (!fs::is_directory(root)) throw Error(root.string(), "single-point compare needs a dump directory");
    }
    report::check_output_dir(options.output_dir);
    report::StagedFiles staged(report::Existing::Replace);  // result.csv: msprobe overwrites it
    compare::CompareSummary summary;
    for (const auto& rel : npy_dirs(config.npu_path)) {
        const fs::path npu_dir = rel.empty() ? config.npu_path : config.npu_path / rel;
        const fs::path bench_dir = rel.empty() ? config.bench_path : config.bench_path / rel;
        if (!fs::is_directory(bench_dir)) continue;
        const fs::path out_dir = rel.empty() ? options.output_dir : options.output_dir / rel;
        report::check_output_dir(out_dir);
        std::error_code ec;  // a directory someone else owns keeps its mode
        fs::permissions(out_dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec, ec);
        const report::Table table = single_point_table(npu_dir, bench_dir, config.map_dict, options, pool);
        const std::string label = rel.empty() ? "." : rel.generic_string();
        if (table.rows.empty()) {
            log::warning(fmt::format("No file pairs found in {}", label));
            continue;
        }
        const fs::path target = out_dir / "result.csv";
        staged.stage(target, [&](const fs::path& temp) {
            report::write_csv(table, report::CellRendering::Plain, temp,
                              {.formulas = report::formula_cells(options.strict_compat)});
        });
        summary.pairs.push_back(static_graph_outcome(label, table, 19, target));
    }
    compare::commit_results(staged, summary);
    return summary;
}

}  // namespace msprobe::static_graph
