#include "static_graph/kernel_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <regex>
#include <set>
#include <string>
#include <unordered_map>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_text.hpp"
#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "compare/committed_results.hpp"
#include "static_graph/kernel_bin_dumps.hpp"
#include "static_graph/native_statistics.hpp"
#include "compare/real_data_table.hpp"
#include "metrics/accuracy.hpp"
#include "metrics/tensor_metrics.hpp"
#include "tensor/numpy_text.hpp"
#include "report/csv_reader.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "report/xlsx_writer.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::static_graph {

namespace fs = std::filesystem;
using report::Cell;

namespace {

constexpr int kMaxDirectoryDepth = 400;  // msprobe's recursion limit

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = text.find(separator, start);
        parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) return parts;
        start = at + 1;
    }
}

void collect_leaf_dirs(const fs::path& dir, int depth, std::vector<fs::path>& out) {
    if (depth > kMaxDirectoryDepth) {
        throw Error(dir.string(), fmt::format("directories nested deeper than {} levels", kMaxDirectoryDepth));
    }
    std::error_code ec;
    std::vector<fs::path> children;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_directory(ec) && !it->is_symlink(ec)) children.push_back(it->path());
    }
    if (ec) throw Error(dir.string(), "cannot list the directory");
    if (children.empty()) {
        out.push_back(dir);
        return;
    }
    std::sort(children.begin(), children.end());
    for (const auto& child : children) collect_leaf_dirs(child, depth + 1, out);
}

// ---- one side's rows ----

// BIN reads kernel dump files as NPY mode reads the .npy files converted from them.
enum class DataMode { Npy, Bin, Statistic, Error };

struct KernelRow {
    std::string key;
    std::int64_t timestamp = 0;
    fs::path file;  // NPY: the tensor file; STATISTIC: the statistic.csv
    std::shared_ptr<const BinKernelTensor> bin;  // BIN only: the tensor in its dump file(s)
    // STATISTIC only: texts and float32 values from the csv.
    std::string dtype;
    std::string shape;
    float max = 0, min = 0, mean = 0, l2norm = 0;
};

struct SideRows {
    DataMode mode = DataMode::Error;
    std::vector<KernelRow> rows;
};

std::unordered_map<std::string, std::string> read_name_mapping(const fs::path& dir) {
    std::unordered_map<std::string, std::string> mapping;
    const fs::path csv = dir / "mapping.csv";
    if (!fs::exists(csv)) return mapping;
    const auto records = report::read_csv_records(csv.string());
    for (std::size_t i = 1; i < records.size(); ++i) {
        if (records[i].size() < 2) throw Error(csv.string(), fmt::format("row {} has fewer than 2 columns", i + 1));
        mapping[records[i][0]] = records[i][1];
    }
    return mapping;
}

// <op_type>.<op_name>.<task_id>.<stream_id>.<timestamp>[.digits...].<input|output>[.digits...].<slot>.<format>.npy
const std::regex& kernel_file_pattern() {
    static const std::regex pattern(
        R"(^([^.]+)\.([^.]+)\.([^.]+)\.([^.]+)\.([^.]+)(?:\.\d+)*\.((?:input|output)(?:\.\d+)*)\.([^.]+)\.([^.]+)\.npy$)");
    return pattern;
}

std::int64_t first_number(const std::string& text) {
    const auto begin = std::find_if(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    const auto end = std::find_if(begin, text.end(), [](char c) { return c < '0' || c > '9'; });
    if (begin == text.end()) return 0;
    std::int64_t value = 0;
    std::from_chars(text.data() + (begin - text.begin()), text.data() + (end - text.begin()), value);
    return value;
}

void add_bin_rows(const std::vector<fs::path>& files, std::vector<KernelRow>& rows) {
    for (auto& tensor : bin_kernel_tensors(files)) {
        KernelRow row;
        row.key = tensor.key;
        row.timestamp = static_cast<std::int64_t>(tensor.timestamp);
        row.bin = std::make_shared<const BinKernelTensor>(std::move(tensor));
        rows.push_back(std::move(row));
    }
}

void add_npy_rows(const fs::path& dir, const std::vector<fs::path>& files, std::vector<KernelRow>& rows) {
    const auto mapping = read_name_mapping(dir);
    for (const auto& file : files) {
        std::string name = file.filename().string();
        if (auto it = mapping.find(name); it != mapping.end()) name = it->second;
        std::smatch m;
        if (!std::regex_match(name, m, kernel_file_pattern())) continue;
        KernelRow row;
        row.key = fmt::format("{}.{}.{}.{}", m[2].str(), m[3].str(), m[6].str(), m[7].str());
        row.timestamp = first_number(m[5].str());
        row.file = file;
        rows.push_back(std::move(row));
    }
}

// "null" → 0, "False" → 0, "True" → 1, else float(); an empty cell is NaN.
float statistic_value(const std::string& text, const fs::path& csv, const char* column) {
    if (text == "null" || text == "False") return 0.0f;
    if (text == "True") return 1.0f;
    if (text.empty()) return std::numeric_limits<float>::quiet_NaN();
    const auto value = py::parse_float(text);
    if (!value) throw Error(csv.string(), fmt::format("'{}' in column {} is not a number", text, column));
    return static_cast<float>(*value);
}

void add_statistic_rows(const fs::path& csv, std::vector<KernelRow>& rows) {
    const auto records = report::read_csv_records(csv.string());
    if (records.empty()) return;
    const auto& header = records.front();
    auto column = [&](const char* name) -> std::optional<std::size_t> {
        const auto it = std::find(header.begin(), header.end(), name);
        if (it != header.end()) return static_cast<std::size_t>(it - header.begin());
        log::warning(fmt::format("{} has no column '{}'; its values are NaN.", csv.string(), name));
        return std::nullopt;
    };
    const auto dtype = column("Data Type"), shape = column("Shape"), max = column("Max Value"),
               min = column("Min Value"), mean = column("Avg Value"), l2norm = column("L2Norm Value");
    constexpr std::size_t kMinColumns = 13;
    for (std::size_t i = 1; i < records.size(); ++i) {
        const auto& r = records[i];
        if (r.size() < kMinColumns) {
            throw Error(csv.string(), fmt::format("the dump file has been modified into incorrect format! (row {} "
                                                  "has {} columns, at least {} expected)",
                                                  i + 1, r.size(), kMinColumns));
        }
        auto text = [&](const std::optional<std::size_t>& c) { return c && *c < r.size() ? r[*c] : std::string(); };
        auto value = [&](const std::optional<std::size_t>& c, const char* name) {
            return c && *c < r.size() ? statistic_value(r[*c], csv, name) : std::numeric_limits<float>::quiet_NaN();
        };
        KernelRow row;
        row.key = fmt::format("{}.{}.{}.{}", r[1], r[2], r[5], r[6]);
        const auto timestamp = py::parse_int(r[4]);
        if (!timestamp) throw Error(csv.string(), fmt::format("row {} has no integer Timestamp: '{}'", i + 1, r[4]));
        row.timestamp = *timestamp;
        row.file = csv;
        row.dtype = text(dtype);
        row.shape = text(shape);
        row.max = value(max, "Max Value");
        row.min = value(min, "Min Value");
        row.mean = value(mean, "Avg Value");
        row.l2norm = value(l2norm, "L2Norm Value");
        rows.push_back(std::move(row));
    }
}

SideRows read_side(const std::vector<fs::path>& dirs) {
    SideRows side;
    std::optional<DataMode> mode;
    for (const auto& dir : dirs) {
        std::vector<fs::path> npy_files, bin_files;
        std::vector<std::string> warnings;
        tensor::DumpNameResolver names;
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            if (!it->is_regular_file(ec)) continue;
            if (it->path().extension() == ".npy") {
                npy_files.push_back(it->path());
            } else if (is_kernel_dump_name(it->path(), names, warnings)) {
                bin_files.push_back(it->path());
            }
        }
        if (ec) throw Error(dir.string(), "cannot list the directory");
        std::sort(npy_files.begin(), npy_files.end());
        std::sort(bin_files.begin(), bin_files.end());
        DataMode dir_mode = DataMode::Error;
        if (!npy_files.empty()) {
            dir_mode = DataMode::Npy;
            add_npy_rows(dir, npy_files, side.rows);
        } else if (!bin_files.empty()) {
            for (const auto& warning : warnings) log::warning(warning);
            dir_mode = DataMode::Bin;
            add_bin_rows(bin_files, side.rows);
        } else if (fs::is_regular_file(dir / "statistic.csv")) {
            dir_mode = DataMode::Statistic;
            add_statistic_rows(dir / "statistic.csv", side.rows);
        }
        if (mode && *mode != dir_mode) dir_mode = DataMode::Error;
        mode = dir_mode;
        if (dir_mode == DataMode::Error) return {};
    }
    side.mode = mode.value_or(DataMode::Error);
    return side;
}

// ---- the outer join on (key, local index) ----

struct JoinedRow {
    const KernelRow* npu = nullptr;
    const KernelRow* bench = nullptr;
};

using IndexedKey = std::pair<std::string, std::size_t>;

std::map<IndexedKey, const KernelRow*> local_indexed(const std::vector<KernelRow>& rows) {
    std::map<std::string, std::vector<const KernelRow*>> by_key;
    for (const auto& row : rows) by_key[row.key].push_back(&row);
    std::map<IndexedKey, const KernelRow*> indexed;
    for (auto& [key, group] : by_key) {
        std::stable_sort(group.begin(), group.end(),
                         [](const KernelRow* a, const KernelRow* b) { return a->timestamp < b->timestamp; });
        for (std::size_t i = 0; i < group.size(); ++i) indexed[{key, i}] = group[i];
    }
    return indexed;
}

// pandas' outer merge: the union of the keys, in key order.
std::vector<JoinedRow> outer_join(const std::vector<KernelRow>& npu, const std::vector<KernelRow>& bench) {
    const auto n = local_indexed(npu);
    const auto b = local_indexed(bench);
    std::map<IndexedKey, JoinedRow> joined;
    for (const auto& [key, row] : n) joined[key].npu = row;
    for (const auto& [key, row] : b) joined[key].bench = row;
    std::vector<JoinedRow> out;
    out.reserve(joined.size());
    for (const auto& [key, row] : joined) out.push_back(row);
    return out;
}

// ---- NPY mode ----

const std::vector<std::string>& npy_header() {
    static const std::vector<std::string> header = {
        "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
        "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm",
        "Accuracy Reached or Not", "Err_message", "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
        "One Thousandth Err Ratio", "Five Thousandths Err Ratio"};
    return header;
}

struct LoadedTensor {
    tensor::TensorView view;
    NativeStatistics statistics;
};

// NPY: the .npy file; BIN: <dump file>.<input|output>.<slot>.
std::string row_name(const KernelRow& row) { return row.bin ? row.bin->name() : row.file.string(); }

// A tensor that cannot be read or converted is "not ndarray", as an unreadable .npy is.
std::optional<LoadedTensor> load_tensor(const KernelRow* row) {
    if (!row) return std::nullopt;
    try {
        LoadedTensor loaded{row->bin ? bin_kernel_values(*row->bin) : tensor::read_tensor_file(row->file), {}};
        if (loaded.view.dtype == tensor::DType::Complex64 || loaded.view.dtype == tensor::DType::Complex128) {
            return std::nullopt;
        }
        loaded.statistics = native_statistics(loaded.view, tensor::to_double_vector(loaded.view));
        return loaded;
    } catch (const std::exception& e) {
        log::warning(fmt::format("{} cannot be read: {}", row_name(*row), e.what()));
        return std::nullopt;
    }
}

// The checks before the metrics, first failure wins; "" when the pair can be measured.
std::string npy_precheck(const std::optional<LoadedTensor>& n, const std::optional<LoadedTensor>& b) {
    if (!n || !b) return "Dump file is not ndarray.\n";
    if (n->view.numel() == 0 || b->view.numel() == 0) return "This is empty data, can not compare.\n";
    std::string message;
    if (n->view.shape.empty() || b->view.shape.empty()) message += "This is type of scalar data, can not compare.\n";
    if (n->view.shape != b->view.shape) message += "Shape of NPU and bench Tensor do not match.\n";
    if (n->view.dtype != b->view.dtype) message += "Dtype of NPU and bench Tensor do not match. Skipped.\n";
    return message;
}

void append_side(std::vector<Cell>& cells, const std::optional<LoadedTensor>& t, std::size_t dtype_at,
                 std::size_t shape_at, std::size_t stats_at) {
    if (!t) return;
    cells[dtype_at] = Cell(std::string(tensor::numpy_dtype_name(t->view.dtype)));
    cells[shape_at] = Cell(tensor::shape_tuple_text(t->view.shape));
    const auto& s = t->statistics;
    cells[stats_at] = native_cell(s.max);
    cells[stats_at + 1] = native_cell(s.min);
    cells[stats_at + 2] = native_cell(s.mean);
    cells[stats_at + 3] = native_cell(s.l2norm);
}

std::vector<Cell> npy_row(const JoinedRow& joined, const compare::CompareOptions& options) {
    std::vector<Cell> cells(npy_header().size());
    if (joined.npu) cells[0] = Cell(row_name(*joined.npu));
    if (joined.bench) cells[1] = Cell(row_name(*joined.bench));
    const auto n = load_tensor(joined.npu);
    const auto b = load_tensor(joined.bench);
    append_side(cells, n, 2, 4, 6);
    append_side(cells, b, 3, 5, 10);
    std::string message = npy_precheck(n, b);
    if (message.empty()) {
        metrics::CompareOptions metric_options;
        metric_options.strict_compat = options.strict_compat;
        const metrics::PairMetrics m = metrics::compare_tensors(n->view, b->view, metric_options);
        if (m.error) {
            message = m.message + "\n";  // inf/nan at different positions: the only check left
        } else {
            cells[14] = Cell(std::string(metrics::accuracy_reached(m.cosine, m.max_abs_err)));
            const metrics::MetricCell* six[] = {&m.cosine, &m.euc_dist, &m.max_abs_err, &m.max_relative_err,
                                                &m.one_thousandth_err_ratio, &m.five_thousandths_err_ratio};
            for (std::size_t i = 0; i < 6; ++i) cells[16 + i] = compare::metric_cell(*six[i]);
            message = m.message;
        }
    }
    if (!message.empty()) cells[15] = Cell(message);
    return cells;
}

// ---- STATISTIC mode ----

const std::vector<std::string>& statistic_header() {
    static const std::vector<std::string> header = {
        "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
        "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm",
        "Accuracy Reached or Not", "Err_message", "Max diff", "Min diff", "Mean diff", "L2norm diff",
        "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU CSV File", "Bench CSV File"};
    return header;
}

// abs((diff / bench) * 100) in float32 as text: "12.5%", "Nan", "N/A" (bench 0).
std::string relative_error_text(float diff, float bench) {
    if (bench == 0.0f) return "N/A";
    const float quotient = diff / bench;
    if (std::isnan(quotient)) return "Nan";
    return py::float32_repr(std::fabs(quotient * 100.0f)) + "%";
}

// msprobe: MaxDiff / (max(NPU max, Bench max) + 1e-10) <= 0.5, signed, so a
// negative difference always passes. The default takes magnitudes
// (docs/compatibility.md); --strict_compat keeps the signed rule.
std::string statistic_accuracy(float max_diff, float npu_max, float bench_max, bool strict_compat) {
    if (std::isnan(npu_max) && std::isnan(bench_max)) return "Yes";
    double ratio = 0.0;
    if (strict_compat) {
        // Python's max(a, b) keeps a when b is NaN and vice versa... except it returns a NaN `a`.
        const double larger = (static_cast<double>(bench_max) > static_cast<double>(npu_max)) ? bench_max : npu_max;
        ratio = static_cast<double>(max_diff) / (larger + 1e-10);
    } else {
        const double larger =
            std::max(std::fabs(static_cast<double>(npu_max)), std::fabs(static_cast<double>(bench_max)));
        ratio = std::fabs(static_cast<double>(max_diff)) / (larger + 1e-10);
    }
    return ratio <= 0.5 ? "Yes" : "No";
}

std::vector<Cell> statistic_row(const JoinedRow& joined, const compare::CompareOptions& options) {
    std::vector<Cell> cells(statistic_header().size());
    auto fill_side = [&](const KernelRow* row, std::size_t name_at, std::size_t stats_at, std::size_t csv_at) {
        if (!row) return;
        cells[name_at] = Cell(row->key);
        cells[name_at + 2] = Cell(row->dtype);
        cells[name_at + 4] = Cell(row->shape);
        const float values[] = {row->max, row->min, row->mean, row->l2norm};
        for (std::size_t i = 0; i < 4; ++i) cells[stats_at + i] = Cell(static_cast<double>(values[i]));
        cells[csv_at] = Cell(row->file.string());
    };
    fill_side(joined.npu, 0, 6, 24);
    fill_side(joined.bench, 1, 10, 25);
    std::string message;
    const KernelRow* n = joined.npu;
    const KernelRow* b = joined.bench;
    if (!n || !b) {
        message = "Dump file not found.\n";
    } else {
        if (n->shape.empty() || b->shape.empty()) {
            message += "This is type of scalar data, can not compare.\n";
        } else if (n->shape != b->shape) {
            message += "Tensor shapes do not match.\n";
        }
        if (n->dtype != b->dtype) message += "Dtype of NPU and bench Tensor do not match. Skipped.\n";
    }
    if (message.empty()) {
        const float npu_values[] = {n->max, n->min, n->mean, n->l2norm};
        const float bench_values[] = {b->max, b->min, b->mean, b->l2norm};
        for (std::size_t i = 0; i < 4; ++i) {
            const float diff = npu_values[i] - bench_values[i];
            cells[16 + i] = Cell(static_cast<double>(diff));
            cells[20 + i] = Cell(relative_error_text(diff, bench_values[i]));
        }
        cells[14] = Cell(statistic_accuracy(n->max - b->max, n->max, b->max, options.strict_compat));
    } else {
        cells[15] = Cell(message);
    }
    return cells;
}

}  // namespace

std::optional<RankStep> kernel_rank_step(const std::string& path) {
    const auto parts = split(path, '/');
    const std::size_t n = parts.size();
    std::int64_t rank = -1;
    if (path.find("rank_") != std::string::npos) {
        if (n > 4) {
            const std::string& component = parts[n - 4];
            rank = py::parse_int(component.substr(component.rfind('_') + 1)).value_or(-1);
        }
    } else {
        if (n > 4) rank = py::parse_int(parts[n - 4]).value_or(-1);
        if (rank == -1 && n > 3) rank = py::parse_int(parts[n - 3]).value_or(-1);
    }
    const std::int64_t step = py::parse_int(parts[n - 1]).value_or(-1);
    if (rank == -1 || step == -1) return std::nullopt;
    return RankStep{rank, step};
}

std::map<RankStep, std::vector<fs::path>> kernel_dump_dirs(const fs::path& root, const compare::KernelDirs& config) {
    if (!fs::is_directory(root)) throw Error(root.string(), "kernel compare needs a dump directory");
    std::vector<fs::path> leaves;
    collect_leaf_dirs(root, 0, leaves);
    auto allowed = [](const std::vector<std::int64_t>& filter, std::int64_t id) {
        return filter.empty() || std::find(filter.begin(), filter.end(), id) != filter.end();
    };
    std::map<RankStep, std::vector<fs::path>> dirs;
    for (const auto& leaf : leaves) {
        const auto rank_step = kernel_rank_step(leaf.generic_string());
        if (!rank_step || !allowed(config.rank_ids, rank_step->first) || !allowed(config.step_ids, rank_step->second)) {
            continue;
        }
        dirs[*rank_step].push_back(leaf);
    }
    return dirs;
}

std::optional<report::Table> kernel_compare_table(const std::vector<fs::path>& npu_dirs,
                                                  const std::vector<fs::path>& bench_dirs,
                                                  const compare::CompareOptions& options, ThreadPool& pool) {
    const SideRows npu = read_side(npu_dirs);
    const SideRows bench = read_side(bench_dirs);
    if (npu.mode == DataMode::Error || bench.mode == DataMode::Error || npu.mode != bench.mode) return std::nullopt;
    const std::vector<JoinedRow> joined = outer_join(npu.rows, bench.rows);
    const bool npy = npu.mode != DataMode::Statistic;
    report::Table table;
    table.header = npy ? npy_header() : statistic_header();
    table.rows.resize(joined.size());
    pool.parallel_for(static_cast<std::int64_t>(joined.size()), [&](std::int64_t i) {
        const auto& row = joined[static_cast<std::size_t>(i)];
        table.rows[static_cast<std::size_t>(i)] = npy ? npy_row(row, options) : statistic_row(row, options);
    });
    return table;
}

compare::PairOutcome static_graph_outcome(std::string label, const report::Table& table, std::size_t accuracy_column,
                                 const fs::path& written) {
    compare::PairOutcome outcome;
    outcome.label = std::move(label);
    outcome.rows = table.rows.size();
    for (const auto& row : table.rows) {
        const Cell& accuracy = row[accuracy_column];
        if (accuracy.is_text() && accuracy.text() == "Yes") {
            ++outcome.passed;
        } else if (accuracy.is_text() && accuracy.text() == "No") {
            ++outcome.errors;
        } else {
            ++outcome.unjudged;  // no verdict: "None", "Unmatched", or none at all (the message column says why)
        }
    }
    outcome.written.push_back(written);
    return outcome;
}

compare::CompareSummary run_kernel_compare(const compare::KernelDirs& config, const compare::CompareOptions& options,
                                           ThreadPool& pool) {
    const auto npu_dirs = kernel_dump_dirs(config.npu_path, config);
    const auto bench_dirs = kernel_dump_dirs(config.bench_path, config);
    report::check_output_dir(options.output_dir);
    report::StagedFiles staged;
    compare::CompareSummary summary;
    for (const auto& [rank_step, npu] : npu_dirs) {
        const auto bench = bench_dirs.find(rank_step);
        if (bench == bench_dirs.end()) continue;
        const auto [rank, step] = rank_step;
        const auto table = kernel_compare_table(npu, bench->second, options, pool);
        if (!table) {
            log::error(fmt::format("rank {} step {}: the npu and bench dumps are neither both .npy files, nor both "
                                   "kernel dump files, nor both statistic.csv; skipped.", rank, step));
            ++summary.failed_ranks;
            continue;
        }
        const bool csv = config.format == compare::OutputFormat::Csv;
        const fs::path target = options.output_dir / fmt::format("compare_result_{}_{}_{}.{}", rank, step,
                                                                 local_timestamp(), csv ? "csv" : "xlsx");
        staged.stage(target, [&](const fs::path& temp) {
            if (csv) {
                report::write_csv(*table, report::CellRendering::Plain, temp,
                                  {.formulas = report::formula_cells(options.strict_compat)});
            } else {
                report::write_xlsx(*table, report::CellRendering::Plain, temp, report::FillSpelling::Opaque, &pool);
            }
        });
        summary.pairs.push_back(static_graph_outcome(fmt::format("rank {} step {}", rank, step), *table, 14, target));
    }
    if (summary.pairs.empty() && summary.failed_ranks == 0) {
        log::warning("No rank and step found in both npu_path and bench_path. No compare result file generated.");
    }
    compare::commit_results(staged, summary);
    return summary;
}

}  // namespace msprobe::static_graph
