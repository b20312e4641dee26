#include "merge/number_text_columns.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include "common/pandas_number_parser.hpp"
#include "merge/column_kinds.hpp"

namespace msprobe::merge {

namespace {

using report::Cell;

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

std::optional<double> pandas_cell_number(std::string_view text) {
    if (const auto number = py::pandas_parsed_number(text)) return number;
    // The words are taken whole: no blanks around them.
    std::string_view word = text;
    bool negative = false;
    if (!word.empty() && (word.front() == '-' || word.front() == '+')) {
        negative = word.front() == '-';
        word.remove_prefix(1);
    }
    if (!equals_ignoring_case(word, "inf") && !equals_ignoring_case(word, "infinity")) return std::nullopt;
    const double inf = std::numeric_limits<double>::infinity();
    return negative ? -inf : inf;
}

void convert_number_text_columns(std::vector<std::vector<Cell>>& rows) {
    ColumnKinds kinds;
    for (const auto& row : rows) kinds.add(row);
    for (auto& row : rows) kinds.convert(row);
}

}  // namespace msprobe::merge
