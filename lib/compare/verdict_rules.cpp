#include "compare/verdict_rules.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "common/python_str.hpp"
#include "common/python_text.hpp"
#include "compare/row_cells.hpp"

namespace msprobe::compare {

namespace {

using report::Cell;
using Level = RowLevel;

constexpr const char* kInfNan = "error: There is nan/inf/-inf in the maximum or minimum value of NPU.";
constexpr const char* kOneThousandth =
    "error: The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6.";
constexpr const char* kRequiresGrad = "error: The Required_Grad of NPU and Bench are inconsistent";
constexpr const char* kScalarParameters = "error: The scalar parameters of NPU and Bench are inconsistent.";
constexpr const char* kDtype = "error: The dtype of NPU and Bench are inconsistent.";
constexpr const char* kShape = "error: The shape of NPU and Bench are inconsistent.";
constexpr const char* kCosine = "warning: The input/parameters of Cosine > 0.9, and input/parameters - output > 0.1";
constexpr const char* kNormRelErr = "error: The NormRelativeErr of output is greater than 0.5.";
constexpr const char* kNormRelWarn = "warning: The norm relative error of output is 10 times that of input.";
constexpr const char* kCrcDiffers = kCrcDiffersMessage;
constexpr const char* kCrcUnmatched = "warning: The parameter of NPU does not match the bench.";

struct RuleText {
    Level level;
    const char* message;
};
// By VerdictRule.
constexpr std::array<RuleText, 11> kRules = {{{Level::Error, kInfNan},
                                              {Level::Error, kOneThousandth},
                                              {Level::Error, kNormRelErr},
                                              {Level::Error, kRequiresGrad},
                                              {Level::Error, kScalarParameters},
                                              {Level::Error, kDtype},
                                              {Level::Error, kShape},
                                              {Level::Warning, kCosine},
                                              {Level::Warning, kNormRelWarn},
                                              {Level::Error, kCrcDiffers},
                                              {Level::Warning, kCrcUnmatched}}};
static_assert(kRules.size() == static_cast<std::size_t>(VerdictRule::CrcUnmatched) + 1);

// APIs whose rows are never judged, and those judged on their outputs only.
constexpr std::array<std::string_view, 9> kIgnoredApis = {
    "empty", "empty_like", "numpy", "to", "__setitem__", "empty_with_format", "new_empty_strided", "new_empty",
    "empty_strided"};
constexpr std::array<std::string_view, 4> kOutputOnlyApis = {"_reduce_scatter_base", "_all_gather_base",
                                                              "all_to_all_single", "batch_isend_irecv"};

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool is_inf_or_nan(const Cell& cell) {
    if (cell.is_number()) return !std::isfinite(cell.number());
    if (!cell.is_text()) return false;
    std::string lowered(trimmed(cell.text()));
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return lowered == "inf" || lowered == "-inf" || lowered == "nan";
}

std::string text_of(const Cell& cell) {
    if (cell.is_text()) return std::string(cell.text());
    if (cell.is_bool()) return cell.boolean_value() ? "True" : "False";
    if (cell.is_number()) return py::float_repr(cell.number());
    return {};
}

// A percentage text as a fraction; an unparsable one counts as 0.
double percent_fraction(const std::string& text) {
    const auto value = py::parse_float(std::string_view(text).substr(0, text.size() - 1));
    return value ? *value / 100 : 0.0;
}

bool is_percent(const Cell& cell) { return cell.is_text() && !cell.text().empty() && cell.text().back() == '%'; }

// A cell's value for the per-entry minimum and maximum: numbers and percentages
// count, every other text and NaN is passed over.
std::optional<double> aggregate_value(const Cell& cell) {
    if (cell.is_number()) return std::isnan(cell.number()) ? std::nullopt : std::optional<double>(cell.number());
    if (is_percent(cell)) return percent_fraction(std::string(cell.text()));
    return std::nullopt;
}

// One output row's NormRelativeErr, read directly: "inf" is infinite, "Nan" NaN, anything unreadable 0.
double norm_relative_value(const Cell& cell) {
    if (cell.is_number()) return cell.number();
    if (!cell.is_text()) return 0.0;
    if (is_percent(cell)) return percent_fraction(std::string(cell.text()));
    if (cell.text() == "Nan") return std::numeric_limits<double>::quiet_NaN();
    return py::parse_float(cell.text()).value_or(0.0);
}

bool values_equal(const Cell& a, const Cell& b) {
    auto numeric = [](const Cell& c) -> std::optional<double> {
        if (c.is_number()) return c.number();
        if (c.is_bool()) return c.boolean_value() ? 1.0 : 0.0;
        return std::nullopt;
    };
    const auto x = numeric(a), y = numeric(b);
    if (x && y) return *x == *y;
    return a == b;
}

// Python's s.strip("[]").split(","): the dims of a shape text, untrimmed.
std::vector<std::string_view> shape_parts(std::string_view shape) {
    const auto first = shape.find_first_not_of("[]");
    if (first == std::string_view::npos) return {std::string_view()};
    return py::split(shape.substr(first, shape.find_last_not_of("[]") - first + 1), ',');
}

// A squeezed 3-d training shape whose rank differs from the inference one, as "[d0,d1*d2]".
std::string merged_last_two(const std::string& npu, const std::string& bench) {
    const auto parts = shape_parts(npu);
    if (parts.size() != 3 || parts.size() == shape_parts(bench).size()) return npu;
    std::array<long long, 3> dims{};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto digits = trimmed(parts[i]);
        const auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), dims[i]);
        if (err != std::errc() || end != digits.data() + digits.size()) return npu;  // msprobe: a ValueError
    }
    return "[" + std::to_string(dims[0]) + "," + std::to_string(dims[1] * dims[2]) + "]";
}

// The columns the rules read, found once per table.
enum Column : std::uint8_t {
    kNpuName,
    kBenchName,
    kNpuDtype,
    kBenchDtype,
    kNpuShape,
    kBenchShape,
    kNpuRequiresGrad,
    kBenchRequiresGrad,
    kCosineColumn,
    kOneThousandthColumn,
    kNormRelativeErrColumn,
    kNpuMax,
    kNpuMin,
    kBenchMax,
    kBenchMin,
    kNpuMd5,
    kBenchMd5,
    kColumnCount
};
// clang-format off
constexpr std::array<std::string_view, kColumnCount> kColumnHeaders = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Cosine", "One Thousandth Err Ratio", "NormRelativeErr", "NPU max",
    "NPU min", "Bench max", "Bench min", "NPU MD5", "BENCH MD5"};
// clang-format on

class Judge {
public:
    Judge(const ResultTable& result, const VerdictRuleOptions& options)
        : result_(result), options_(options), verdicts_(result.table.rows.size()) {
        for (std::size_t c = 0; c < kColumnCount; ++c) columns_[c] = result.column(kColumnHeaders[c]);
    }

    std::vector<RuleVerdict> run() {
        std::vector<std::vector<std::size_t>> entries;
        std::unordered_map<std::uint32_t, std::size_t> entry_of;  // api_index → position in entries
        for (std::size_t r = 0; r < result_.table.rows.size(); ++r) {
            const auto [it, added] = entry_of.try_emplace(result_.api_index[r], entries.size());
            if (added) entries.emplace_back();
            entries[it->second].push_back(r);
        }
        for (const auto& rows : entries) judge_entry(rows);
        return std::move(verdicts_);
    }

private:
    const Cell& cell(std::size_t row, Column column) const {
        static const Cell kEmpty;
        const int at = columns_[column];
        return at < 0 ? kEmpty : result_.table.rows[row][static_cast<std::size_t>(at)];
    }
    std::string text(std::size_t row, Column column) const { return text_of(cell(row, column)); }

    bool is_output(std::size_t row) const { return text(row, kNpuName).find(".output.") != std::string::npos; }
    bool matched(std::size_t row) const {
        const std::string bench = text(row, kBenchName);
        return !bench.empty() && bench != kNotApplicable;
    }

    void raise(std::size_t row, VerdictRule rule) { verdicts_[row].add(rule); }

    double minimum(const std::vector<std::size_t>& rows, Column header) const {
        double m = 1.0;
        for (auto r : rows) {
            if (auto v = aggregate_value(cell(r, header))) m = std::min(m, *v);
        }
        return m;
    }
    double maximum(const std::vector<std::size_t>& rows, Column header) const {
        double m = 0.0;
        for (auto r : rows) {
            if (auto v = aggregate_value(cell(r, header))) m = std::max(m, *v);
        }
        return m;
    }

    void judge_entry(const std::vector<std::size_t>& rows) {
        std::vector<std::size_t> inputs, outputs;
        for (const auto r : rows) (is_output(r) ? outputs : inputs).push_back(r);
        std::string api_class;
        if (!inputs.empty()) {
            const std::string name = text(inputs.front(), kNpuName);
            const auto first_dot = name.find('.');
            if (first_dot != std::string::npos) {
                const auto second_dot = name.find('.', first_dot + 1);
                api_class = name.substr(first_dot + 1, second_dot == std::string::npos ? std::string::npos
                                                                                       : second_dot - first_dot - 1);
            }
        }
        auto listed = [&](const auto& list) { return std::find(list.begin(), list.end(), api_class) != list.end(); };
        if (listed(kIgnoredApis)) return;
        const bool outputs_only = listed(kOutputOnlyApis);
        std::vector<std::size_t> judged;
        for (const auto r : rows) {
            if (!outputs_only || is_output(r)) judged.push_back(r);
        }

        switch (result_.mode) {
            case CompareMode::Md5:
                for (auto r : judged) crc(r);
                return;
            case CompareMode::All:
                for (auto r : judged) inf_nan(r);
                if (!outputs_only) one_thousandth(inputs, outputs);
                common_rules(judged, inputs, outputs_only);
                if (!outputs_only) cosine(inputs, outputs);
                return;
            case CompareMode::Summary:
                for (auto r : judged) inf_nan(r);
                if (!outputs_only) norm_relative_error(inputs, outputs);
                common_rules(judged, inputs, outputs_only);
                if (!outputs_only) norm_relative_warning(inputs, outputs);
                return;
        }
    }

    // Requires_grad, scalar parameters, dtype and shape, in that order.
    void common_rules(const std::vector<std::size_t>& judged, const std::vector<std::size_t>& inputs,
                      bool outputs_only) {
        if (options_.requires_grad_rule) {
            for (auto r : judged) requires_grad(r);
        }
        if (!outputs_only) {
            for (auto r : inputs) scalar_parameters(r);
        }
        for (auto r : judged) dtype(r);
        for (auto r : judged) options_.squeezed_shapes ? squeezed_shape(r, *options_.squeezed_shapes) : shape(r);
    }

    void inf_nan(std::size_t r) {
        const bool bench_finite = !is_inf_or_nan(cell(r, kBenchMax)) && !is_inf_or_nan(cell(r, kBenchMin));
        if (bench_finite && (is_inf_or_nan(cell(r, kNpuMax)) || is_inf_or_nan(cell(r, kNpuMin)))) {
            raise(r, VerdictRule::InfNan);
        }
    }

    void one_thousandth(const std::vector<std::size_t>& inputs, const std::vector<std::size_t>& outputs) {
        if (outputs.empty()) return;
        const double threshold = options_.strict_compat ? 0.1 : 0.6;
        if (minimum(inputs, kOneThousandthColumn) > 0.9 && minimum(outputs, kOneThousandthColumn) < threshold) {
            raise(outputs.front(), VerdictRule::OneThousandthErrRatio);
        }
    }

    void requires_grad(std::size_t r) {
        if (!matched(r)) return;
        const std::string n = text(r, kNpuRequiresGrad), b = text(r, kBenchRequiresGrad);
        if (!n.empty() && !b.empty() && n != b) raise(r, VerdictRule::RequiresGrad);
    }

    void scalar_parameters(std::size_t r) {
        if (!matched(r)) return;
        const bool scalars = text(r, kNpuDtype).find("class") != std::string::npos &&
                             text(r, kBenchDtype).find("class") != std::string::npos && text(r, kNpuShape) == "[]";
        if (scalars && !values_equal(cell(r, kNpuMax), cell(r, kBenchMax))) {
            raise(r, VerdictRule::ScalarParameters);
        }
    }

    void dtype(std::size_t r) {
        if (!matched(r) || text(r, kNpuName) == kNotApplicable) return;
        const std::string bench = text(r, kBenchName);
        if (bench.find("qkv") != std::string::npos || bench.find("gate_up") != std::string::npos) return;
        if (text(r, kNpuDtype) != text(r, kBenchDtype)) raise(r, VerdictRule::Dtype);
    }

    void shape(std::size_t r) {
        if (matched(r) && text(r, kNpuShape) != text(r, kBenchShape)) {
            raise(r, VerdictRule::Shape);
        }
    }

    void squeezed_shape(std::size_t r, const SqueezedShapeRule& rule) {
        if (!matched(r) || text(r, kNpuName) == kNotApplicable) return;
        const std::string bench_name = text(r, kBenchName);
        const bool fused =
            bench_name.find("qkv") != std::string::npos || bench_name.find("gate_up") != std::string::npos;
        if (rule.skip_fused_modules && fused) return;
        std::string npu = squeezed_shape_text(text(r, kNpuShape));
        const std::string bench = squeezed_shape_text(text(r, kBenchShape));
        if (rule.merge_last_two_of_three) npu = merged_last_two(npu, bench);
        if (npu != bench) raise(r, VerdictRule::Shape);
    }

    void cosine(const std::vector<std::size_t>& inputs, const std::vector<std::size_t>& outputs) {
        if (outputs.empty()) return;
        const double in = minimum(inputs, kCosineColumn);
        if (in > 0.9 && in - minimum(outputs, kCosineColumn) > 0.1) raise(outputs.front(), VerdictRule::Cosine);
    }

    void norm_relative_error(const std::vector<std::size_t>& inputs, const std::vector<std::size_t>& outputs) {
        if (maximum(inputs, kNormRelativeErrColumn) >= 0.1) return;
        for (auto r : outputs) {
            if (std::fabs(norm_relative_value(cell(r, kNormRelativeErrColumn))) > 0.5)
                raise(r, VerdictRule::NormRelativeError);
        }
    }

    void norm_relative_warning(const std::vector<std::size_t>& inputs, const std::vector<std::size_t>& outputs) {
        if (outputs.empty()) return;
        const double in = std::fabs(maximum(inputs, kNormRelativeErrColumn));
        const double out = std::fabs(maximum(outputs, kNormRelativeErrColumn));
        if ((in == 0 && out > 0.1) || (in != 0 && out / in > 10)) {
            raise(outputs.front(), VerdictRule::NormRelativeWarning);
        }
    }

    void crc(std::size_t r) {
        const std::string n = text(r, kNpuMd5), b = text(r, kBenchMd5);
        if (n == b) return;
        auto missing = [](const std::string& s) { return s.empty() || s == kNotApplicable || s == "Nan"; };
        if (missing(n) || missing(b)) {
            raise(r, VerdictRule::CrcUnmatched);
        } else {
            raise(r, VerdictRule::CrcDiffers);
        }
    }

    const ResultTable& result_;
    const VerdictRuleOptions& options_;
    std::array<int, kColumnCount> columns_{};  // the table's column of each, -1 when it has none
    std::vector<RuleVerdict> verdicts_;
};

}  // namespace

RowLevel RuleVerdict::level() const {
    Level level = Level::Pass;
    for (std::size_t r = 0; r < kRules.size(); ++r) {
        if (fired(static_cast<VerdictRule>(r))) level = std::max(level, kRules[r].level);
    }
    return level;
}

std::vector<std::string> RuleVerdict::reasons() const {
    std::vector<std::string> messages;
    for (std::size_t r = 0; r < kRules.size(); ++r) {
        if (fired(static_cast<VerdictRule>(r))) messages.emplace_back(kRules[r].message);
    }
    return messages;
}

std::string squeezed_shape_text(std::string_view shape) {
    std::string out = "[";
    bool first = true;
    for (const auto part : shape_parts(shape)) {
        const auto dim = trimmed(part);
        if (dim == "1") continue;
        if (!first) out += ',';
        out += dim;
        first = false;
    }
    return out + "]";
}

std::vector<RuleVerdict> rule_verdicts(const ResultTable& result, const VerdictRuleOptions& options) {
    return Judge(result, options).run();
}

std::string messages_json(const std::vector<std::string>& messages) {
    std::string out = "[";
    for (std::size_t i = 0; i < messages.size(); ++i) {
        if (i) out += ", ";
        out += '"';
        out += messages[i];  // fixed ASCII sentences: nothing to escape
        out += '"';
    }
    return out + "]";
}

void apply_verdict_rules(ResultTable& result, const VerdictRuleOptions& options) {
    const auto verdicts = rule_verdicts(result, options);
    const int result_column = result.column("Result");
    const int message_column = result.column("Err_message");
    for (std::size_t r = 0; r < verdicts.size(); ++r) {
        auto& row = result.table.rows[r];
        row[static_cast<std::size_t>(result_column)] = Cell(std::string(level_name(verdicts[r].level())));
        row[static_cast<std::size_t>(message_column)] = Cell(messages_json(verdicts[r].reasons()));
    }
}

}  // namespace msprobe::compare
