#pragma once
// A cell of a compare result table, by row and header text.
#include <catch2/catch.hpp>

#include <string_view>

#include "compare/result_table.hpp"

namespace msprobe::testing {

inline const report::Cell& result_cell(const compare::ResultTable& result, std::size_t row, std::string_view header) {
    const int column = result.column(header);
    REQUIRE(column >= 0);
    return result.table.rows.at(row).at(static_cast<std::size_t>(column));
}

}  // namespace msprobe::testing
