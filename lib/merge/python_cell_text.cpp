#include "merge/python_cell_text.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/python_text.hpp"

namespace msprobe::merge {

namespace {

bool integral(double v) { return std::isfinite(v) && std::trunc(v) == v; }

}  // namespace

NumberColumn number_column_kind(const std::vector<std::vector<report::Cell>>& rows, std::size_t column) {
    bool any_fraction = false;
    for (const auto& row : rows) {
        if (column >= row.size() || !row[column].is_number()) return NumberColumn::PerCell;
        any_fraction = any_fraction || !integral(row[column].number());
    }
    return any_fraction ? NumberColumn::Float : NumberColumn::Int;
}

std::string python_str(const report::Cell& cell, NumberColumn column) {
    if (cell.is_text()) return std::string(cell.text());
    if (cell.is_bool()) return cell.boolean_value() ? "True" : "False";
    if (cell.is_empty()) return {};
    const double v = cell.number();
    const bool as_int = column == NumberColumn::Int || (column == NumberColumn::PerCell && integral(v));
    if (!as_int) return py::float_repr(v);
    if (v == 0) return "0";  // int(-0.0) is 0
    return fmt::format("{:.0f}", v);
}

}  // namespace msprobe::merge
