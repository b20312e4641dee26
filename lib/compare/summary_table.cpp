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

StatDiff diff_of_numbers(double n, double b, StatisticArithmetic arithmetic) {
    StatDiff out;
    const double d = arithmetic == StatisticArithmetic::Exact ? n - b : reference_parsed(n) - reference_parsed(b);
    if (std::isnan(d)) {
        out.diff = Cell("Nan");
        out.relative = Cell("Nan");
        return out;
    }
    out.diff = Cell(d);
    if (b != 0) out.relative = Cell(py::float_repr(std::fabs((d / b) * 100)) + "%");
    // msprobe: |d| / (|max(N, B)| + 1e-10) > 0.5, with the signed maximum.
    const double magnitude = std::fabs(d) / (std::fabs(std::max(n, b)) + 1e-10);
    out.warning = magnitude > 0.5;
    return out;
}

StatDiff diff_of(const dump::StatValue& npu, const dump::StatValue& bench, StatisticArithmetic arithmetic) {
    // Exact: only values dumped as numbers (msprobe's graph command reads them from dump.json, where a
    // src/dst rank text is no number); otherwise numeric texts too (msprobe's compare parses its table).
    const bool exact = arithmetic == StatisticArithmetic::Exact;
    const auto n = exact && npu.kind != dump::StatValue::Kind::Number ? std::nullopt : numeric_value(npu);
    const auto b = exact && bench.kind != dump::StatValue::Kind::Number ? std::nullopt : numeric_value(bench);
    if (!n || !b) return {};
    return diff_of_numbers(*n, *b, arithmetic);
}

}  // namespace

std::vector<std::string> statistics_headers() {
    // clang-format off
    return {"Max diff",  "Min diff",  "Mean diff",  "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
            "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean", "NPU l2norm",
            "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
            "Err_message"};
    // clang-format on
}

StatisticsComparison compare_statistics(const dump::DumpRow& n, const dump::DumpRow* b,
                                        StatisticArithmetic arithmetic) {
    StatisticsComparison out;
    std::array<StatDiff, 4> diffs;
    bool warning = false;
    if (b) {
        for (std::size_t i = 0; i < 4; ++i) {
            diffs[i] = diff_of(n.stats[i], b->stats[i], arithmetic);
            warning = warning || diffs[i].warning;
        }
    }
    for (std::size_t i = 0; i < 4; ++i) {
        out.diff[i] = std::move(diffs[i].diff);
        out.relative[i] = std::move(diffs[i].relative);
    }
    out.requires_grad_consistent = requires_grad_text(&n) == requires_grad_text(b);
    out.result = b ? "" : kNotApplicable;
    out.message = b ? "" : "No bench data matched.";
    if (warning) {
        out.result = "Warning";
        out.message = "Need double check api accuracy. ";
    }
    if (!out.requires_grad_consistent) out.message += "Requires_grad inconsistent. ";
    return out;
}

DigestComparison compare_digests(const dump::DumpRow& n, const dump::DumpRow* b) {
    DigestComparison out;
    out.npu_md5 = n.md5 ? *n.md5 : kNotApplicable;
    out.bench_md5 = b && b->md5 ? *b->md5 : kNotApplicable;
    out.requires_grad_consistent = requires_grad_text(&n) == requires_grad_text(b);
    // An unmatched row is never a "pass", even a None row whose texts are both N/A.
    out.result = !b ? kNotApplicable : (out.npu_md5 == out.bench_md5 ? "pass" : "Different");
    return out;
}

ResultTable summary_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                          const dump::StackFile* stack, StatisticArithmetic arithmetic) {
    ResultTable result = start_table(CompareMode::Summary, npu, pairs, statistics_headers(), stack != nullptr);
    for (const auto& pair : pairs) {
        const auto& n = npu.rows[pair.npu];
        const dump::DumpRow* b = bench_row(bench, pair);
        auto& cells = begin_row(result, n, b);
        StatisticsComparison compared = compare_statistics(n, b, arithmetic);
        for (auto& d : compared.diff) cells.push_back(std::move(d));
        for (auto& r : compared.relative) cells.push_back(std::move(r));
        append_statistic_cells(cells, n, b);
        cells.push_back(Cell::boolean(compared.requires_grad_consistent));
        cells.emplace_back(std::move(compared.result));
        cells.emplace_back(std::move(compared.message));
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
        DigestComparison compared = compare_digests(n, b);
        cells.emplace_back(std::move(compared.npu_md5));
        cells.emplace_back(std::move(compared.bench_md5));
        cells.push_back(Cell::boolean(compared.requires_grad_consistent));
        cells.emplace_back(compared.result);
        if (stack) cells.push_back(stack_cell(npu, pair.npu, *stack));
    }
    return result;
}

}  // namespace msprobe::compare
