#include "precision/api_precision_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <unistd.h>
#include <vector>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "common/log.hpp"
#include "common/python_text.hpp"
#include "precision/api_name.hpp"
#include "precision/csv_dialect.hpp"
#include "precision/detail_row.hpp"
#include "precision/result_counts.hpp"
#include "precision/metric_value.hpp"
#include "precision/run_ut_report.hpp"
#include "precision/standards.hpp"
#include "report/output_file.hpp"

namespace msprobe::precision {

namespace {

// Columns of the details output, in order.
enum Col : std::size_t {
    kName, kSmallRatio, kSmallVerdict, kRmseRatio, kRmseVerdict, kMaxRelRatio, kMaxRelVerdict, kMeanRelRatio,
    kMeanRelVerdict, kEbRatio, kEbVerdict, kInfNan, kInfNanVerdict, kRelErr, kRelErrVerdict, kAbsErr,
    kAbsErrVerdict, kBinary, kBinaryVerdict, kUlpMean, kUlpProportion, kUlpRatio, kUlpVerdict, kThousandth,
    kThousandthVerdict, kResult, kAlgorithm, kMessage, kColumnCount,
};

const CsvRow& details_header() {
    static const CsvRow header = {
        "API Name", "小值域错误比值", "小值域判定结果", "均方根误差比值", "均方根误差判定结果", "相对误差最大值比值",
        "相对误差最大值判定结果", "相对误差平均值比值", "相对误差平均值判定结果", "误差均衡性比值", "误差均衡性判定结果",
        "inf/nan错误率", "inf/nan判定结果", "相对误差错误率", "相对误差判定结果", "绝对误差错误率", "绝对误差判定结果",
        "二进制一致错误率", "二进制一致错误率判定结果", "ULP误差平均值", "ULP误差大于阈值占比", "ULP误差大于阈值占比比值",
        "ULP误差判定结果", "双千指标", "双千指标判定结果", "比对结果", "比对算法", "Message"};
    return header;
}

const CsvRow& result_header() {
    static const CsvRow header = {"API Name", "Forward Test Success", "Backward Test Success", "Message"};
    return header;
}

const std::vector<std::string>& required_columns() {
    static const std::vector<std::string> cols = {
        "API Name", "DEVICE Dtype", "小值域错误占比", "均方根误差", "相对误差最大值", "相对误差平均值", "误差均衡性",
        "二进制一致错误率", "inf/nan错误率", "相对误差错误率", "绝对误差错误率", "ULP误差平均值", "ULP误差大于阈值占比",
        "双千指标"};
    return cols;
}

constexpr const char* kTopkNote =
    "在npu上，topk的入参sorted=False时不生效，会返回有序tensor，而cpu上会返回无序tensor。 "
    "如果topk精度不达标，请检查是否是该原因导致的。";

bool is_blank(const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' '; });
}

// A details CSV read as text, cells addressed by column name.
class DetailsFile {
public:
    DetailsFile(const std::filesystem::path& path, const char* role) : path_(path) {
        if (path.extension() != ".csv") throw Error(path.string(), "is not a .csv file");
        if (::access(path.c_str(), R_OK) != 0) throw Error(path.string(), "does not exist or cannot be read");
        rows_ = read_csv(path);
        if (rows_.empty()) throw Error(path.string(), "has no header row");
        for (std::size_t i = 0; i < rows_[0].size(); ++i) columns_.emplace(rows_[0][i], i);
        std::vector<std::string> missing;
        for (const auto& c : required_columns()) {
            if (!columns_.count(c)) missing.push_back(c);
        }
        if (!missing.empty()) {
            std::string list;
            for (const auto& m : missing) list += (list.empty() ? "" : ",") + m;
            throw Error(path.string(), fmt::format("The following columns {} are missing in{}", list, role));
        }
    }
    std::size_t size() const { return rows_.size() - 1; }
    // "" for a missing column or a short row.
    std::string cell(std::size_t row, const std::string& column) const {
        const auto it = columns_.find(column);
        if (it == columns_.end()) return {};
        const auto& r = rows_[row + 1];
        return it->second < r.size() ? r[it->second] : std::string();
    }
    bool has_column(const std::string& column) const { return columns_.count(column) != 0; }

private:
    std::filesystem::path path_;
    std::vector<CsvRow> rows_;
    std::map<std::string, std::size_t> columns_;
};

struct RowError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

double number(const std::string& text) {
    if (is_blank(text)) throw RowError("ERROR: Input data is an empty string");
    const auto v = py::parse_float(text);
    if (!v) throw RowError(fmt::format("could not convert string to float: '{}'", text));
    return *v;
}

std::string f64(double v) { return fixed_decimals(v, 14); }

double minimum_error(const std::string& dtype) {
    if (dtype == "torch.float16") return std::exp2(-11);
    if (dtype == "torch.bfloat16") return std::exp2(-8);
    return std::exp2(-14);
}

// inf/NaN on both devices is consistent when both are NaN or same-signed inf; nullopt when neither value is inf/NaN.
struct Consistency {
    bool consistent;
    std::string message;
};
std::optional<Consistency> inf_nan_consistency(double npu, double gpu, const std::string& column) {
    if (std::isfinite(npu) && std::isfinite(gpu)) return std::nullopt;
    const bool consistent = (std::isnan(npu) && std::isnan(gpu)) ||
                            (std::isinf(npu) && std::isinf(gpu) && std::signbit(npu) == std::signbit(gpu));
    return Consistency{consistent, column + (consistent ? "同为同号inf或nan\n" : "inf或nan不一致\n")};
}

double ratio(double x, double y, double minerr) {
    if (!std::isfinite(x) || !std::isfinite(y)) return std::nan("");
    return std::fabs(x) / std::max(std::fabs(y), minerr);
}

struct Judged {
    CsvRow cells;
    std::string status;
};

Judged blank_row(const std::string& name) {
    Judged j;
    j.cells.assign(kColumnCount, kSpace);
    j.cells[kName] = name;
    return j;
}

void judge_binary(const DetailsFile& npu, std::size_t r, Judged& j) {
    const double rate = number(npu.cell(r, "二进制一致错误率"));
    j.status = rate == 0 ? kPass : kError;
    j.cells[kBinary] = f64(rate);
    j.cells[kBinaryVerdict] = j.status;
    j.cells[kMessage] = rate == 0 ? "" : "ERROR: 二进制一致错误率超过阈值\n";
}

void judge_absolute(const DetailsFile& npu, std::size_t r, Judged& j) {
    struct Part {
        const char* column;
        Col value, verdict;
        const char* error;
    };
    static const Part parts[] = {
        {"inf/nan错误率", kInfNan, kInfNanVerdict, "ERROR: inf/nan错误率超过阈值"},
        {"相对误差错误率", kRelErr, kRelErrVerdict, "ERROR: 相对误差错误率超过阈值"},
        {"绝对误差错误率", kAbsErr, kAbsErrVerdict, "ERROR: 绝对误差错误率超过阈值"},
    };
    std::string message;
    j.status = kPass;
    for (const auto& p : parts) {
        const double v = number(npu.cell(r, p.column));
        const bool ok = v == 0;
        j.cells[p.value] = f64(v);
        j.cells[p.verdict] = ok ? kPass : kError;
        if (!ok) {
            j.status = kError;
            message += p.error;
        }
    }
    j.cells[kMessage] = message;
}

void judge_thousandth(const DetailsFile& npu, std::size_t r, Judged& j) {
    const double v = number(npu.cell(r, "双千指标"));
    const bool ok = v >= 0.999;
    j.status = ok ? kPass : kError;
    j.cells[kThousandth] = f64(v);
    j.cells[kThousandthVerdict] = j.status;
    j.cells[kMessage] = ok ? "" : "ERROR: 双千指标不达标\n";
}

void judge_ulp(const DetailsFile& npu, const DetailsFile& gpu, std::size_t r, std::size_t g, const std::string& dtype,
               bool strict_compat, Judged& j) {
    const double mean = number(npu.cell(r, "ULP误差平均值"));
    const double gpu_mean = number(gpu.cell(g, "ULP误差平均值"));
    const double proportion = number(npu.cell(r, "ULP误差大于阈值占比"));
    const double gpu_proportion = number(gpu.cell(g, "ULP误差大于阈值占比"));
    const double r_prop = ratio(proportion, gpu_proportion, minimum_error(dtype));
    std::string message;
    bool consistent = true;
    for (const auto& c : {inf_nan_consistency(mean, gpu_mean, "ULP误差平均值"),
                          inf_nan_consistency(proportion, gpu_proportion, "ULP误差大于阈值占比")}) {
        if (!c) continue;
        message += c->message;
        consistent = consistent && c->consistent;
    }
    // inf/NaN at the same place on both devices still goes through the thresholds, where a NaN mean or
    // ratio passes nothing: a NaN mean ULP error passes only on a small proportion.
    const bool ok = consistent && (dtype == "torch.float32" ? (mean < 64 || proportion < 0.05 || r_prop < 1)
                                                            : (proportion < 0.001 || r_prop < 1));
    if (!ok) message += "ERROR: ULP误差不满足标准\n";
    j.status = ok ? kPass : kError;
    j.cells[kUlpMean] = f64(mean);
    j.cells[kUlpProportion] = f64(proportion);
    j.cells[kUlpRatio] = f64(r_prop);
    // msprobe builds the error verdict of an inf/nan mismatch but never stores it: the cell stays blank
    // (docs/compatibility.md row 97).
    const bool verdict_lost = strict_compat && !consistent;
    j.cells[kUlpVerdict] = verdict_lost ? kSpace : j.status;
    j.cells[kMessage] = message;
}

void judge_benchmark(const DetailsFile& npu, const DetailsFile& gpu, std::size_t r, std::size_t g,
                     const std::string& dtype, Judged& j) {
    struct Part {
        const char* column;
        Col ratio, verdict;
        double limit;
        const char* error;  // nullptr: reported, not counted
    };
    static const Part parts[] = {
        {"小值域错误占比", kSmallRatio, kSmallVerdict, 2.0, "ERROR: 小值域错误比值超过阈值\n"},
        {"均方根误差", kRmseRatio, kRmseVerdict, 2.0, "ERROR: 均方根误差比值超过阈值\n"},
        {"相对误差最大值", kMaxRelRatio, kMaxRelVerdict, 10.0, "ERROR: 相对误差最大值比值超过阈值\n"},
        {"相对误差平均值", kMeanRelRatio, kMeanRelVerdict, 2.0, "ERROR: 相对误差平均值比值超过阈值\n"},
        {"误差均衡性", kEbRatio, kEbVerdict, 2.0, nullptr},
    };
    std::string consistency, errors;
    bool failed = false;
    for (const auto& p : parts) {
        const double x = number(npu.cell(r, p.column));
        const double y = number(gpu.cell(g, p.column));
        const double q = ratio(x, y, minimum_error(dtype));
        bool ok;
        if (auto c = inf_nan_consistency(x, y, p.column)) {
            consistency += c->message;
            ok = c->consistent;
        } else {
            ok = !(std::isfinite(q) && q > p.limit);
        }
        j.cells[p.ratio] = f64(q);
        j.cells[p.verdict] = ok ? kPass : kError;
        if (!ok && p.error) {
            failed = true;
            errors += p.error;
        }
    }
    j.status = failed ? kError : kPass;
    j.cells[kMessage] = consistency + errors;
}

std::string aggregate(const std::vector<std::string>& statuses) {
    if (statuses.empty()) return kSpace;
    if (std::all_of(statuses.begin(), statuses.end(), [](const std::string& s) { return s == kSkip; })) return kSkip;
    if (std::find(statuses.begin(), statuses.end(), kError) != statuses.end()) return kError;
    if (std::find(statuses.begin(), statuses.end(), kWarning) != statuses.end()) return kWarning;
    return kPass;
}

bool unsupported_dtype(const std::string& dtype) {
    return dtype == "torch.float64" || dtype == "torch.complex64" || dtype == "torch.complex128";
}

// The result rows: consecutive details rows of one API form one group, judged together.
class ResultGroups {
public:
    ResultGroups(std::string& text, report::FormulaCells formulas, ApiPrecisionCompareOutcome& outcome)
        : text_(text), formulas_(formulas), outcome_(outcome) {}

    void add(const std::string& full_name, const std::string& api_name, const std::string& direction,
             const std::string& dtype, const std::string& status, const std::string& npu_message) {
        if (full_name != name_) flush();
        if (name_.empty()) {
            name_ = full_name;
            api_name_ = api_name;
        }
        last_dtype_ = dtype;
        if (unsupported_dtype(dtype)) return;
        if (direction == "forward") {
            forward_.push_back(status);
            skip_message_ = status == kSkip ? npu_message : "";
        } else {
            backward_.push_back(status);
        }
    }

    void write_direct(const CsvRow& row) {
        text_ += csv_line(row, formulas_);
        ++outcome_.apis;
        if (api_passed(row[1], row[2])) return;
        if (outcome_.failed_apis++ == 0) outcome_.first_failed_api = row[0];
    }

    void flush() {
        if (name_.empty()) return;
        CsvRow row;
        if (unsupported_dtype(last_dtype_)) {
            row = {name_, kSkip, kSkip, "This data type does not support benchmark compare."};
        } else {
            const std::string fwd = aggregate(forward_);
            const std::string bwd = aggregate(backward_);
            std::string message;
            if (fwd == kError && api_name_ == "topk") message += kTopkNote;
            if (fwd == kSkip) message += skip_message_;
            row = {name_, fwd, bwd, message};
        }
        log::info(fmt::format("running api_full_name {} compare, is_fwd_success: {}, is_bwd_success: {}", name_,
                              row[1] == kPass ? "True" : "False",
                              backward_passed(row[2]) ? "True" : "False"));
        write_direct(row);
        name_.clear();
        api_name_.clear();
        forward_.clear();
        backward_.clear();
        skip_message_.clear();
    }

private:
    std::string& text_;
    report::FormulaCells formulas_;
    ApiPrecisionCompareOutcome& outcome_;
    std::string name_, api_name_, last_dtype_, skip_message_;
    std::vector<std::string> forward_, backward_;
};

}  // namespace

ApiPrecisionCompareOutcome api_precision_compare(const ApiPrecisionCompareOptions& options) {
    report::check_output_dir(options.out_dir);
    const DetailsFile npu(options.npu_csv, "npu_csv");
    const DetailsFile gpu(options.gpu_csv, "gpu_csv");
    std::multimap<std::string, std::size_t> gpu_rows;
    for (std::size_t g = 0; g < gpu.size(); ++g) gpu_rows.emplace(gpu.cell(g, "API Name"), g);

    const std::string ts = options.timestamp.empty() ? local_timestamp() : options.timestamp;
    ApiPrecisionCompareOutcome outcome;
    // Both files are built whole and appear together, or not at all when a row stops the run (compat row 118).
    std::string result_text = csv_file_start(result_header());
    std::string details_text = csv_file_start(details_header());
    const auto formulas = report::formula_cells(options.strict_compat);
    ResultGroups groups(result_text, formulas, outcome);
    const bool has_shape_and_message = npu.has_column("Shape") && npu.has_column("Message");

    for (std::size_t r = 0; r < npu.size(); ++r) {
        const std::string name = npu.cell(r, "API Name");
        if (has_formula_characters(name)) {
            throw Error(options.npu_csv.string(), fmt::format("api name {} contains special characters", name));
        }
        const auto parts = split_detail_name(name);
        if (!parts) {
            const std::string message = fmt::format("The API name {} is invalid.", name);
            Judged j = blank_row(name);
            j.cells[kResult] = kSkip;
            j.cells[kMessage] = message;
            details_text += csv_line(j.cells, formulas);
            groups.write_direct({name, kSkip, kSkip, message});
            continue;
        }
        const auto [first, last] = gpu_rows.equal_range(name);
        if (first == last) {
            log::warning(fmt::format("This API : {} does not exist in the GPU data.", name));
            continue;
        }
        if (std::next(first) != last) {
            throw Error(options.gpu_csv.string(),
                        fmt::format("This API : {} has multiple records in the GPU data.", name));
        }
        const std::size_t g = first->second;
        const std::string dtype = npu.cell(r, "DEVICE Dtype");
        const std::string npu_message = npu.cell(r, "Message");
        Judged j = blank_row(name);
        if (!has_shape_and_message || is_blank(dtype) || unsupported_dtype(dtype) || npu.cell(r, "Shape") == "(0,)") {
            j.status = kSkip;
            j.cells[kMessage] = npu_message;
        } else {
            const std::string in = is_blank(npu.cell(r, "相对误差错误率")) ? "torch.float32" : "torch.float8_e4m3fn";
            const Standard standard = select_standard(parts->api_name, dtype, in);
            try {
                switch (standard) {
                    case Standard::BinaryConsistency: judge_binary(npu, r, j); break;
                    case Standard::AbsoluteThreshold: judge_absolute(npu, r, j); break;
                    case Standard::Thousandth: judge_thousandth(npu, r, j); break;
                    case Standard::Ulp: judge_ulp(npu, gpu, r, g, dtype, options.strict_compat, j); break;
                    case Standard::Benchmark:
                    case Standard::AccumulativeError: judge_benchmark(npu, gpu, r, g, dtype, j); break;
                }
                j.cells[kAlgorithm] = standard_algorithm_name(standard);
            } catch (const RowError& e) {
                Judged skipped = blank_row(name);
                skipped.cells[kResult] = kSkip;
                skipped.cells[kMessage] = e.what();
                details_text += csv_line(skipped.cells, formulas);
                groups.write_direct({name, kSkip, kSkip, e.what()});
                continue;
            }
        }
        j.cells[kResult] = j.status;
        details_text += csv_line(j.cells, formulas);
        groups.add(parts->api_full_name, parts->api_name, parts->direction, dtype, j.status, npu_message);
    }
    groups.flush();
    report::StagedFiles staged;
    staged.stage_text(options.out_dir / ("api_precision_compare_result_" + ts + ".csv"), result_text);
    staged.stage_text(options.out_dir / ("api_precision_compare_details_" + ts + ".csv"), details_text);
    const auto placed = staged.commit();
    outcome.result_csv = placed.at(0);
    outcome.details_csv = placed.at(1);
    return outcome;
}

}  // namespace msprobe::precision
