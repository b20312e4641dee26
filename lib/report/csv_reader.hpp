#pragma once
// Reads back a CSV result the way csv_writer.hpp wrote it: the header texts and
// typed cells (numbers, True/False booleans, empty cells, texts).
#include <string>
#include <vector>

#include "report/cell.hpp"

namespace msprobe::report {

struct CsvContents {
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;  // short rows are not padded
};

// RFC 4180 fields (quoted fields may hold separators, quotes and line breaks).
// A field is a number when it is a finite decimal number in full (as
// number_text() writes one), a boolean when it reads True or False, empty when
// empty, else text. Throws msprobe::Error naming the file when it cannot be
// read or a quoted field is not closed.
CsvContents read_csv(const std::string& path);

}  // namespace msprobe::report
