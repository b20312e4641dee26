#include "compare/highlight.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "common/python_text.hpp"
#include "compare/api_batch.hpp"

namespace msprobe::compare {

namespace {

using report::Cell;
using dump::RowState;

constexpr const char* kOverflow = "maximum or minimum is nan, -inf, or inf";
constexpr const char* kHugeAbsError = "maximum absolute error exceeds 1e+10";
constexpr const char* kMagnitude =
    "maximum absolute error of both input/parameters and output exceed 1, with the output larger by an order of "
    "magnitude";
constexpr const char* kRatioRed =
    "The input/parameter's one thousandth err ratio exceeds 0.9, while the output's is below 0.6";
constexpr const char* kRatioYellow =
    "The output's one thousandth err ratio decreases by more than 0.1 compared to the input/parameter's";
constexpr const char* kCosineYellow =
    "The output's cosine decreases by more than 0.1 compared to the input/parameter's";
constexpr const char* kRelativeRed = "maximum relative error exceeds 0.5";
constexpr const char* kRelativeYellow =
    "The output's maximum relative error exceeds 0.1, while the input/parameter's is below 0.01";
constexpr const char* kRequiresGrad = "requires_grad is inconsistent";

// One API's rows: IN = inputs then parameters (the first row always counts), OUT = outputs.
struct Batch {
    std::size_t start = 0;
    std::size_t in_end = 0;
    std::size_t out_end = 0;
    std::size_t end = 0;
};

std::vector<Batch> api_batches(const ResultTable& result) {
    std::vector<Batch> batches;
    const std::size_t n = result.table.rows.size();
    std::size_t i = 0;
    while (i < n) {
        const std::size_t j =
            api_batch_end(i, n, [&result](std::size_t r) -> const std::string& { return result.api_of(r); });
        std::size_t inputs = 1, params = 0, outputs = 0;
        for (std::size_t r = i + 1; r < j; ++r) {
            switch (result.states[r]) {
                case RowState::Input: ++inputs; break;
                case RowState::Parameters: ++params; break;
                case RowState::Output: ++outputs; break;
                default: break;
            }
        }
        Batch b;
        b.start = i;
        b.in_end = i + inputs + params;
        b.out_end = b.in_end + outputs;
        b.end = j;
        batches.push_back(b);
        i = j;
    }
    return batches;
}

std::optional<double> number(const Cell& cell) {
    if (cell.is_number()) return cell.number();
    return std::nullopt;
}

bool is_overflow_text(const Cell& cell) {
    if (cell.is_number()) return std::isinf(cell.number()) || std::isnan(cell.number());
    if (!cell.is_text()) return false;
    std::string t(cell.text());
    if (!t.empty() && t.back() == '\t') t.pop_back();
    return t == "nan" || t == "inf" || t == "-inf";
}

// A MaxRelativeErr cell: "x%" texts become x / 100, numbers stay numbers.
std::optional<double> relative_value(const Cell& cell) {
    if (cell.is_number()) return cell.number();
    if (cell.is_text() && !cell.text().empty() && cell.text().back() == '%') {
        auto v = py::parse_float(std::string_view(cell.text()).substr(0, cell.text().size() - 1));
        if (v) return *v / 100;
    }
    return std::nullopt;
}

struct Columns {
    int npu_max, npu_min, bench_max, max_diff, requires_grad;
    int one_thousandth = -1, cosine = -1, max_relative = -1;
};

class Highlighter {
public:
    Highlighter(const ResultTable& result, const Columns& cols)
        : result_(result), cols_(cols), red_(result.table.rows.size()), yellow_(result.table.rows.size()) {}

    HighlightVerdict run() {
        for (const auto& batch : api_batches(result_)) {
            for (std::size_t r = batch.start; r < batch.end; ++r) check_overflow(r);
            for (std::size_t o = batch.in_end; o < batch.out_end; ++o) {
                if (!comparable(o)) continue;
                for (std::size_t i = batch.start; i < batch.in_end; ++i) {
                    if (comparable(i)) check_pair(i, o);
                }
            }
            for (std::size_t r = batch.start; r < batch.end; ++r) {
                const Cell& c = cell(r, cols_.requires_grad);
                if (c.is_bool() && !c.boolean_value()) yellow_[r].push_back(kRequiresGrad);
            }
        }
        return verdict();
    }

private:
    const Cell& cell(std::size_t row, int col) const { return result_.table.rows[row][static_cast<std::size_t>(col)]; }

    bool comparable(std::size_t r) const {
        return number(cell(r, cols_.npu_max)) && number(cell(r, cols_.bench_max)) && number(cell(r, cols_.max_diff));
    }

    void check_overflow(std::size_t r) {
        if (is_overflow_text(cell(r, cols_.npu_max)) || is_overflow_text(cell(r, cols_.npu_min))) {
            red_[r].push_back(kOverflow);
            return;
        }
        auto md = number(cell(r, cols_.max_diff));
        if (md && std::fabs(*md) > 1e10) red_[r].push_back(kHugeAbsError);
    }

    void check_pair(std::size_t i, std::size_t o) {
        const double a = std::fabs(*number(cell(i, cols_.max_diff)));
        const double b = std::fabs(*number(cell(o, cols_.max_diff)));
        if (!(a > b || a <= 1 || b <= 1) && std::log10(b) - std::log10(a) >= 1) yellow_[o].push_back(kMagnitude);

        if (result_.mode == CompareMode::All) {
            auto ri = number(cell(i, cols_.one_thousandth));
            auto ro = number(cell(o, cols_.one_thousandth));
            if (ri && ro) {
                if (*ri > 0.9 && *ro < 0.6) {
                    red_[o].push_back(kRatioRed);
                } else if (*ri - *ro > 0.1) {
                    yellow_[o].push_back(kRatioYellow);
                }
            }
            auto ci = number(cell(i, cols_.cosine));
            auto co = number(cell(o, cols_.cosine));
            if (ci && co && *ci - *co > 0.1) yellow_[o].push_back(kCosineYellow);
        } else {
            auto ro = relative_value(cell(o, cols_.max_relative));
            if (!ro) return;
            if (*ro > 0.5) red_[o].push_back(kRelativeRed);
            auto ri = relative_value(cell(i, cols_.max_relative));
            if (ri && *ro > 0.1 && *ri < 0.01) yellow_[o].push_back(kRelativeYellow);
        }
    }

    // Red messages win; a red row's yellow messages are dropped.
    HighlightVerdict verdict() {
        HighlightVerdict out;
        out.fills.assign(red_.size(), report::RowFill::None);
        out.messages.resize(red_.size());
        for (std::size_t r = 0; r < red_.size(); ++r) {
            if (!red_[r].empty()) {
                out.fills[r] = report::RowFill::Red;
                out.messages[r] = std::move(red_[r]);
            } else if (!yellow_[r].empty()) {
                out.fills[r] = report::RowFill::Yellow;
                out.messages[r] = std::move(yellow_[r]);
            }
        }
        return out;
    }

    const ResultTable& result_;
    Columns cols_;
    std::vector<std::vector<const char*>> red_;
    std::vector<std::vector<const char*>> yellow_;
};

}  // namespace

HighlightVerdict judge_highlight(const ResultTable& result, bool is_debug_dump) {
    if (is_debug_dump || result.mode == CompareMode::Md5 || result.table.rows.empty()) {
        return {std::vector<report::RowFill>(result.table.rows.size(), report::RowFill::None),
                std::vector<std::vector<const char*>>(result.table.rows.size())};
    }
    Columns cols{};
    cols.npu_max = result.column("NPU max");
    cols.npu_min = result.column("NPU min");
    cols.bench_max = result.column("Bench max");
    cols.max_diff = result.column(result.mode == CompareMode::All ? "MaxAbsErr" : "Max diff");
    cols.requires_grad = result.column("Requires_grad Consistent");
    cols.one_thousandth = result.column("One Thousandth Err Ratio");
    cols.cosine = result.column("Cosine");
    cols.max_relative = result.column("MaxRelativeErr");
    return Highlighter(result, cols).run();
}

void apply_highlight(ResultTable& result, const HighlightVerdict& verdict) {
    auto& table = result.table;
    table.fills = verdict.fills;
    const int err_column = result.column("Err_message");
    if (err_column < 0) return;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        if (verdict.messages[r].empty()) continue;
        Cell& err = table.rows[r][static_cast<std::size_t>(err_column)];
        std::string text(err.is_text() ? err.text() : std::string_view());
        for (const char* m : verdict.messages[r]) {
            if (!text.empty()) text += '\n';
            text += m;
        }
        err = Cell(text);
    }
}

}  // namespace msprobe::compare
