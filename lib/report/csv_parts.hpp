#pragma once
// msprobe's cut of a long CSV result (write_df_to_csv): more than a million
// data rows go into `<stem>_part_1.csv`, `<stem>_part_2.csv`, … beside the
// file's name, each with the header line.
#include <cstddef>
#include <filesystem>
#include <vector>

namespace msprobe::report {

// Data rows msprobe writes into one CSV file (FileCheckConst.MAX_ROWS_PER_CSV_FILE).
inline constexpr std::size_t kCsvPartRows = 1000000;

// The files of `rows` data rows at `path`: `path` itself, or its parts of `part_rows` rows each.
std::vector<std::filesystem::path> csv_part_files(std::size_t rows, const std::filesystem::path& path,
                                                  std::size_t part_rows = kCsvPartRows);

}  // namespace msprobe::report
