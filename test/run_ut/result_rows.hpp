#pragma once
// The rows of a run_ut / api_precision_compare CSV keyed by their first cell.
#include <filesystem>
#include <map>
#include <string>

#include "precision/csv_dialect.hpp"

namespace msprobe::testing {

inline std::map<std::string, precision::CsvRow> csv_rows_by_name(const std::filesystem::path& csv) {
    std::map<std::string, precision::CsvRow> rows;
    const auto table = precision::read_csv(csv);
    for (std::size_t i = 1; i < table.size(); ++i) rows[table[i][0]] = table[i];
    return rows;
}

}  // namespace msprobe::testing
