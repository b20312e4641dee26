#include "support/workbook_match.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace msprobe::testing {

namespace {

using report::Cell;

std::string describe(const Cell& c) {
    if (c.is_empty()) return "<empty>";
    if (c.is_bool()) return c.boolean_value() ? "TRUE" : "FALSE";
    if (c.is_number()) return fmt::format("{:.17g}", c.number());
    return "'" + std::string(c.text()) + "'";
}

bool same(const Cell& a, const Cell& b, double tolerance) {
    auto blank = [](const Cell& c) { return c.is_empty() || (c.is_text() && c.text().empty()); };
    if (blank(a) || blank(b)) return blank(a) && blank(b);
    if (tolerance > 0 && a.is_number() && b.is_number()) {
        return std::fabs(a.number() - b.number()) <= tolerance * std::max(std::fabs(a.number()), std::fabs(b.number()));
    }
    return a == b;
}

std::string rgb(const std::string& argb) { return argb.size() > 6 ? argb.substr(argb.size() - 6) : argb; }

}  // namespace

std::vector<std::string> workbook_differences(const report::WorkbookContents& ours,
                                              const report::WorkbookContents& expected,
                                              const std::map<std::string, double>& relative_tolerance,
                                              std::size_t max_reports) {
    std::vector<std::string> out;
    auto report = [&](std::string s) {
        if (out.size() < max_reports) out.push_back(std::move(s));
    };
    if (ours.sheets.size() != expected.sheets.size()) {
        report(fmt::format("sheet count {} vs expected {}", ours.sheets.size(), expected.sheets.size()));
        return out;
    }
    for (std::size_t s = 0; s < ours.sheets.size(); ++s) {
        const auto& a = ours.sheets[s];
        const auto& b = expected.sheets[s];
        if (a.name != b.name) report(fmt::format("sheet {} is named '{}', expected '{}'", s, a.name, b.name));
        if (a.rows.size() != b.rows.size()) {
            report(fmt::format("sheet '{}' has {} rows, expected {}", b.name, a.rows.size(), b.rows.size()));
        }
        const std::size_t rows = std::min(a.rows.size(), b.rows.size());
        static const Cell kEmpty;
        std::vector<double> tolerance;
        if (!b.rows.empty()) {
            for (const auto& h : b.rows[0]) {
                auto it = h.is_text() ? relative_tolerance.find(std::string(h.text())) : relative_tolerance.end();
                tolerance.push_back(it == relative_tolerance.end() ? 0.0 : it->second);
            }
        }
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t cols = std::max(a.rows[r].size(), b.rows[r].size());
            for (std::size_t c = 0; c < cols; ++c) {
                const Cell& x = c < a.rows[r].size() ? a.rows[r][c] : kEmpty;
                const Cell& y = c < b.rows[r].size() ? b.rows[r][c] : kEmpty;
                if (!same(x, y, c < tolerance.size() ? tolerance[c] : 0.0)) {
                    report(fmt::format("sheet '{}' row {} col {}: ours {} expected {}", b.name, r + 1, c + 1,
                                       describe(x), describe(y)));
                }
            }
        }
        for (const auto& [pos, colour] : b.fills) {
            auto it = a.fills.find(pos);
            if (it == a.fills.end() || rgb(it->second) != rgb(colour)) {
                report(fmt::format("sheet '{}' row {} col {}: fill {} expected {}", b.name, pos.first + 1,
                                   pos.second + 1, it == a.fills.end() ? "none" : it->second, colour));
            }
        }
        for (const auto& [pos, colour] : a.fills) {
            if (!b.fills.count(pos)) {
                report(fmt::format("sheet '{}' row {} col {}: unexpected fill {}", b.name, pos.first + 1,
                                   pos.second + 1, colour));
            }
        }
    }
    return out;
}

}  // namespace msprobe::testing
