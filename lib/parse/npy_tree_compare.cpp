#include "parse/npy_tree_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_text.hpp"
#include "metrics/relative_error.hpp"
#include "tensor/numpy_text.hpp"
#include "tensor/tensor_summary.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::parse {

namespace {

namespace fs = std::filesystem;

constexpr const char* kOpLevel =
    "Top level(Opname level) directory structure is inconsistent. Please check the two directory.";
constexpr const char* kTimestampLevel =
    "Second level(Timestamp level) directory structure is inconsistent. Please check the two directory.";
constexpr const char* kNpyLevel =
    "Top level(Npy files level) directory structure is inconsistent. Please check the two directory.";

std::vector<fs::path> sorted_entries(const fs::path& dir, bool directories) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.is_directory() == directories) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end(), [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    return out;
}

// The array's bytes in C order (what numpy's tobytes() gives).
std::string c_order_bytes(const tensor::TensorView& v) {
    const std::size_t size = tensor::dtype_size(v.dtype);
    const auto n = static_cast<std::size_t>(v.numel());
    const auto* base = reinterpret_cast<const char*>(v.data);
    if (v.is_contiguous()) return std::string(base, n * size);
    std::string out;
    out.reserve(n * size);
    for (std::size_t flat = 0; flat < n; ++flat) {
        std::int64_t offset = 0;
        std::int64_t rest = static_cast<std::int64_t>(flat);
        for (std::size_t d = v.shape.size(); d-- > 0;) {
            offset += (rest % v.shape[d]) * v.strides[d];
            rest /= v.shape[d];
        }
        out.append(base + offset * static_cast<std::int64_t>(size), size);
    }
    return out;
}

// A value of `dtype` after an operation computed in double (float16/float32
// operands: correctly rounded, as NumPy's loops give).
double in_dtype(double x, tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16: return metrics::round_to(metrics::Precision::Half, x);
        case tensor::DType::BFloat16:
        case tensor::DType::Float32: return static_cast<float>(x);
        default: return x;
    }
}

double dtype_epsilon(tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16: return 0x1p-10;
        case tensor::DType::BFloat16: return 0x1p-7;
        case tensor::DType::Float32: return std::numeric_limits<float>::epsilon();
        default: return std::numeric_limits<double>::epsilon();
    }
}

// np.max propagates NaN.
void take_max(double& current, double value, bool& any_nan) {
    if (std::isnan(value)) any_nan = true;
    else if (value > current) current = value;
}

// msprobe's parse tool writes its CSV with a BOM and CRLF rows; the first row is the header.
fs::path write_csv_file(const fs::path& target, const std::vector<std::vector<std::string>>& rows) {
    report::Table table;
    if (!rows.empty()) table.header = rows.front();
    for (std::size_t r = 1; r < rows.size(); ++r) table.rows.emplace_back(rows[r].begin(), rows[r].end());
    return report::write_atomically(target, [&](const fs::path& temp) {
        report::write_csv(table, report::CellRendering::Plain, temp, report::CsvDialect{true, true});
    });
}

}  // namespace

bool is_npy_tree(const fs::path& dir) {
    std::size_t files = 0;
    bool only_npy = true;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        if (it.depth() >= 5) it.disable_recursion_pending();
        if (!it->is_regular_file()) continue;
        ++files;
        if (it->path().extension() != ".npy") only_npy = false;
    }
    if (files == 0) throw Error(dir.string(), "No files found in path.");
    return only_npy;
}

std::vector<std::string> npy_pair_row(const fs::path& a, const fs::path& b) {
    const tensor::TensorView l = tensor::read_tensor_file(a);
    const tensor::TensorView r = tensor::read_tensor_file(b);
    if (l.shape != r.shape || l.dtype != r.dtype) {
        throw Error("", fmt::format("Shape or dtype between two npy files is inconsistent. Please check the two "
                                    "files.File 1: {}, file 2: {}", a.string(), b.string()));
    }
    const std::vector<double> lv = tensor::tensor_values(l, a.string());
    const std::vector<double> rv = tensor::tensor_values(r, b.string());
    if (lv.empty()) throw Error(a.string(), "Invalid data, data is empty");
    const tensor::TensorSummary ls = tensor::summarize(l, lv);
    const tensor::TensorSummary rs = tensor::summarize(r, rv);

    const bool floating = tensor::is_floating(l.dtype);
    const tensor::DType diff_dtype = l.dtype == tensor::DType::BFloat16 ? tensor::DType::Float32 : l.dtype;
    const tensor::DType rel_dtype = floating ? diff_dtype : tensor::DType::Float64;
    const double eps = dtype_epsilon(rel_dtype);
    double max_abs = 0, max_rel = 0;
    bool abs_nan = false, rel_nan = false;
    for (std::size_t i = 0; i < lv.size(); ++i) {
        take_max(max_abs, std::fabs(in_dtype(lv[i] - rv[i], diff_dtype)), abs_nan);
        const double bench = rv[i] == 0 ? eps : rv[i];
        const double diff = in_dtype(lv[i] - rv[i], rel_dtype);
        take_max(max_rel, std::fabs(in_dtype(diff / bench, rel_dtype)), rel_nan);
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {a.filename().string(),
            b.filename().string(),
            tensor::npy_str(ls.mean, ls.mean_dtype),
            tensor::npy_str(rs.mean, rs.mean_dtype),
            py::crc32_hex(c_order_bytes(l)) == py::crc32_hex(c_order_bytes(r)) ? "True" : "False",
            tensor::npy_str(abs_nan ? nan : max_abs, diff_dtype),
            tensor::npy_str(rel_nan ? nan : max_rel, rel_dtype)};
}

NpyTreeCompare compare_npy_trees(const fs::path& mine, const fs::path& golden,
                                 const std::optional<fs::path>& output_dir) {
    std::error_code ec;
    for (const auto& p : {mine, golden}) {
        if (!fs::exists(p, ec)) throw Error(p.string(), "The path does not exist.");
        if (!fs::is_directory(p, ec)) throw Error(p.string(), "Please enter a directory not a file");
    }
    if (fs::equivalent(mine, golden, ec)) {
        throw Error("", "My directory path and golden directory path is same. Please check parameter '-m' and '-g'.");
    }
    NpyTreeCompare result;
    std::vector<std::vector<std::string>> rows = {{"NPU File Name", "Bench File Name", "Mean", "Bench Mean",
                                                   "Md5 Consistency", "Max Abs Error", "Max Relative Error"}};
    const auto ops_a = sorted_entries(mine, true);
    const auto ops_b = sorted_entries(golden, true);
    if (ops_a.size() != ops_b.size()) throw Error("", kOpLevel);
    for (std::size_t op = 0; op < ops_a.size(); ++op) {
        if (ops_a[op].filename() != ops_b[op].filename()) throw Error("", kOpLevel);
        const auto stamps_a = sorted_entries(ops_a[op], true);
        const auto stamps_b = sorted_entries(ops_b[op], true);
        if (stamps_a.size() != stamps_b.size()) throw Error("", kTimestampLevel);
        for (std::size_t ts = 0; ts < stamps_a.size(); ++ts) {
            if (sorted_entries(stamps_a[ts], true).size() != sorted_entries(stamps_b[ts], true).size()) {
                throw Error("", kNpyLevel);
            }
            const auto files_a = sorted_entries(stamps_a[ts], false);
            const auto files_b = sorted_entries(stamps_b[ts], false);
            for (const auto* files : {&files_a, &files_b}) {
                for (const auto& f : *files) {
                    if (f.extension() != ".npy") throw Error("", kNpyLevel);
                }
            }
            const std::size_t pairs = std::min(files_a.size(), files_b.size());
            for (std::size_t i = 0; i < pairs; ++i) rows.push_back(npy_pair_row(files_a[i], files_b[i]));
            const auto& longer = files_a.size() > pairs ? files_a : files_b;
            for (std::size_t i = pairs; i < longer.size(); ++i) {
                result.warnings.push_back(fmt::format("{} has no counterpart on the other side; not compared",
                                                      longer[i].string()));
            }
        }
    }
    const fs::path dir = output_dir.value_or(fs::path("parse_data") / "batch_compare_result");
    report::check_output_dir(dir);
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
    result.rows = rows.size() - 1;
    result.csv = write_csv_file(dir / fmt::format("batch_compare_{}.csv", seconds), rows);
    return result;
}

}  // namespace msprobe::parse
