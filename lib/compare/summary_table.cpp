#include "compare/summary_table.hpp"

#include <cmath>
#include <optional>

#include "common/python_text.hpp"
#include "compare/reference_decimal.hpp"
#include "compare/row_cells.hpp"

namespace msprobe::compare {

namespace {

using report::Cell;

// A statistic that msprobe can subtract: numbers, numeric texts, "nan" texts.
std::optional<double> numeric_value(const dump::StatValue& v) {
    using Kind = dump::StatValue::Kind;
    if (v.kind == Kind::Number) return v.number;
    if (v.kind == Kind::Text) return py::parse_float(v.text());
    return std::nullopt;
}

struct StatDiff {
    Cell diff = Cell(kNotApplicable);
    Cell relative = Cell(kNotApplicable);
    bool warning = false;
};

StatDiff diff_of(const dump::StatValue& npu, const dump::StatValue& bench, StatisticArithmetic arithmetic) {
    StatDiff out;
    // Exact: only values dumped as numbers (msprobe's graph command reads them from dump.json, where a
    // src/dst rank text is no number); otherwise numeric texts too (msprobe's compare parses its table).
    const bool exact = arithmetic == StatisticArithmetic::Exact;
    const auto n = exact && npu.kind != dump::StatValue::Kind::Number ? std::nullopt : numeric_value(npu);
    const auto b = exact && bench.kind != dump::StatValue::Kind::Number ? std::nullopt : numeric_value(bench);
    if (!n || !b) return out;
    const double d = arithmetic == StatisticArithmetic::Exact ? *n - *b : reference_parsed(*n) - reference_parsed(*b);
    if (std::isnan(d)) {
        out.diff = Cell("Nan");
        out.relative = Cell("Nan");
        return out;
    }
    out.diff = Cell(d);
    if (*b != 0) out.relative = Cell(py::float_repr(std::fabs((d / *b) * 100)) + "%");
    // msprobe: |d| / (|max(N, B)| + 1e-10) > 0.5, with the signed maximum.
    const double magnitude = std::fabs(d) / (std::fabs(std::max(*n, *b)) + 1e-10);
    out.warning = magnitude > 0.5;
    return out;
}

}  // namespace

std::vector<std::string> statistics_headers() {
    return {"Max diff",  "Min diff",  "Mean diff",  "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
            "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean", "NPU l2norm",
            "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
            "Err_message"};
}

ResultTable summary_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                          const dump::StackFile* stack, StatisticArithmetic arithmetic) {
    ResultTable result = start_table(CompareMode::Summary, npu, pairs, statistics_headers(), stack != nullptr);
    for (const auto& pair : pairs) {
        const auto& n = npu.rows[pair.npu];
        const dump::DumpRow* b = bench_row(bench, pair);
        auto& cells = begin_row(result, n, b);

        std::array<StatDiff, 4> diffs;
        bool warning = false;
        if (b) {
            for (std::size_t i = 0; i < 4; ++i) {
                diffs[i] = diff_of(n.stats[i], b->stats[i], arithmetic);
                warning = warning || diffs[i].warning;
            }
        }
        for (const auto& d : diffs) cells.push_back(d.diff);
        for (const auto& d : diffs) cells.push_back(d.relative);
        append_statistic_cells(cells, n, b);

        const bool consistent = requires_grad_text(&n) == requires_grad_text(b);
        cells.push_back(Cell::boolean(consistent));
        std::string result_text = b ? "" : kNotApplicable;
        std::string message = b ? "" : "No bench data matched.";
        if (warning) {
            result_text = "Warning";
            message = "Need double check api accuracy. ";
        }
        if (!consistent) message += "Requires_grad inconsistent. ";
        cells.emplace_back(result_text);
        cells.emplace_back(message);
        if (stack) cells.push_back(stack_cell(npu, pair.npu, *stack));
    }
    return result;
}

ResultTable md5_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                      const dump::StackFile* stack) {
    ResultTable result = start_table(CompareMode::Md5, npu, pairs,
                                     {"NPU MD5", "BENCH MD5", "Requires_grad Consistent", "Result"}, stack != nullptr);
    for (const auto& pair : pairs) {
        const auto& n = npu.rows[pair.npu];
        const dump::DumpRow* b = bench_row(bench, pair);
        auto& cells = begin_row(result, n, b);
        const std::string npu_md5 = n.md5 ? *n.md5 : kNotApplicable;
        const std::string bench_md5 = b && b->md5 ? *b->md5 : kNotApplicable;
        cells.emplace_back(npu_md5);
        cells.emplace_back(bench_md5);
        cells.push_back(Cell::boolean(requires_grad_text(&n) == requires_grad_text(b)));
        // An unmatched row is never a "pass", even a None row whose texts are both N/A.
        const char* verdict = !b ? kNotApplicable : (npu_md5 == bench_md5 ? "pass" : "Different");
        cells.emplace_back(verdict);
        if (stack) cells.push_back(stack_cell(npu, pair.npu, *stack));
    }
    return result;
}

}  // namespace msprobe::compare
