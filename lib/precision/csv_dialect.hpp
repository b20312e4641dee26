#pragma once
// The CSV dialect of run_ut and api_precision_compare:
// UTF-8 with a BOM at the start of the file, CRLF row ends, minimal quoting
// (a field is quoted iff it holds , " CR or LF; quotes doubled), formula-like
// texts guarded unless --strict_compat (report/csv_formula_guard.hpp). Rows are
// appended one API at a time so an interrupted run leaves a valid prefix.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "report/csv_formula_guard.hpp"

namespace msprobe::precision {

using CsvRow = std::vector<std::string>;

// One row in the dialect, ending in CRLF.
std::string csv_line(const CsvRow& fields, report::FormulaCells formulas = report::FormulaCells::Guarded);

// The start of a file in the dialect: the BOM and the header row.
std::string csv_file_start(const CsvRow& header);

// A file to create with its header row.
struct NewCsv {
    std::filesystem::path path;
    CsvRow header;
};

// Creates the files `files_at(ts)` names, each with the BOM and its header row,
// at the first timestamp from `timestamp` on (a second at a time) at which
// none of them exists yet, and returns that timestamp: a run started in the
// same second as another into one folder never truncates or shares its files,
// and the names keep msprobe's format (so -csv_path can resume them).
std::string create_new_csvs(const std::string& timestamp,
                            const std::function<std::vector<NewCsv>(const std::string& timestamp)>& files_at);

// Appends already encoded rows with one write(2) on an O_APPEND descriptor, so
// processes appending to the same file never interleave inside a row group.
void append_csv(const std::filesystem::path& path, const std::string& encoded_rows);

// Parses a whole file in the dialect (BOM optional, CRLF or LF); the first row
// is the header. Formula guards come off (report::without_formula_guard).
std::vector<CsvRow> read_csv(const std::filesystem::path& path);

}  // namespace msprobe::precision
