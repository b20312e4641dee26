#include "merge/column_kinds.hpp"

#include <cmath>

#include "merge/number_text_columns.hpp"

namespace msprobe::merge {

namespace {

bool integral(double v) { return std::isfinite(v) && std::trunc(v) == v; }

}  // namespace

void ColumnKinds::add(const std::vector<report::Cell>& row) {
    ++rows_;
    if (columns_.size() < row.size()) columns_.resize(row.size());
    for (std::size_t c = 0; c < row.size(); ++c) {
        Column& column = columns_[c];
        ++column.rows;
        if (!column.numeric) continue;
        const report::Cell& cell = row[c];
        if (cell.is_number()) {
            column.any_fraction = column.any_fraction || !integral(cell.number());
        } else if (const auto number = cell.is_text() ? pandas_cell_number(cell.text()) : std::nullopt) {
            column.has_text = true;
            column.any_fraction = column.any_fraction || !integral(*number);
        } else {
            column.numeric = false;
        }
    }
}

bool ColumnKinds::converts(std::size_t column) const {
    return column < columns_.size() && columns_[column].rows == rows_ && columns_[column].numeric &&
           columns_[column].has_text;
}

void ColumnKinds::convert(std::vector<report::Cell>& row) const {
    for (std::size_t c = 0; c < row.size(); ++c) {
        if (row[c].is_text() && converts(c)) row[c] = report::Cell(*pandas_cell_number(row[c].text()));
    }
}

NumberColumn ColumnKinds::kind(std::size_t column, bool converted) const {
    if (rows_ == 0) return NumberColumn::Int;  // no cell says otherwise
    if (column >= columns_.size() || columns_[column].rows != rows_) return NumberColumn::PerCell;
    const Column& c = columns_[column];
    if (!c.numeric || (c.has_text && !converted)) return NumberColumn::PerCell;
    return c.any_fraction ? NumberColumn::Float : NumberColumn::Int;
}

}  // namespace msprobe::merge
