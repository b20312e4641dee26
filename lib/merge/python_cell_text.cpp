#include "merge/python_cell_text.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/python_text.hpp"
#include "merge/column_kinds.hpp"

namespace msprobe::merge {

namespace {

bool integral(double v) { return std::isfinite(v) && std::trunc(v) == v; }

}  // namespace

NumberColumn number_column_kind(const std::vector<std::vector<report::Cell>>& rows, std::size_t column) {
    ColumnKinds kinds;
    for (const auto& row : rows) kinds.add(row);
    return kinds.kind(column, /*converted=*/false);
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
