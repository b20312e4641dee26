#pragma once
// Reads back a CSV result the way csv_writer.hpp wrote it: the header texts and
// typed cells (numbers, True/False booleans, empty cells, texts).
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "report/cell.hpp"
#include "report/table.hpp"

namespace msprobe::report {

struct CsvContents {
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;  // short rows are not padded
};

// RFC 4180 fields (quoted fields may hold separators, quotes and line breaks).
// A field is a number when it is a finite decimal number in full (as
// number_text() writes one), a boolean when it reads True or False, empty when
// empty, else text; a formula-like text is read without the quote a guarding
// writer put before it (csv_formula_guard.hpp). Throws msprobe::Error naming
// the file when it cannot be read, a quoted field is not closed, or a row has
// more fields than the header.
CsvContents read_csv(const std::string& path);

// Called with the header's fields once, then with each row's cells, typed as
// read_csv types them (short rows not padded). Both may be taken (moved from).
using CsvHeaderHandler = std::function<void(std::vector<std::string>& header)>;
using CsvRowHandler = std::function<void(std::vector<Cell>& cells)>;

// read_csv a row at a time: the file is parsed as it is read, a chunk at a
// time, and nothing of it is kept. Throws as read_csv does.
void read_csv_rows(const std::string& path, const CsvHeaderHandler& on_header, const CsvRowHandler& on_row);

// Every record as its raw fields, formula guards kept (a leading UTF-8 BOM is
// skipped, blank lines are skipped as pandas does); the parser behind the
// readers below. A CSV
// holds at most what a sheet holds: 16384 fields per record, 1048577 records
// (header included), 2^25 fields in all; more is an msprobe::Error.
std::vector<std::vector<std::string>> read_csv_records(const std::string& path);

// The same fields kept as texts, formula guards too (an empty field is an
// empty cell), for CSVs whose numbers are texts to be compared as written (the
// legacy tools' six decimals); the first record is the header.
Table read_csv_text(const std::filesystem::path& path);

}  // namespace msprobe::report
