#pragma once
// Reads a CSV file (RFC 4180: quoted fields, doubled quotes, LF or CRLF) into
// a Table of text cells; an empty field is an empty cell. Used to read result
// files back, ours and msprobe's.
#include <filesystem>

#include "report/table.hpp"

namespace msprobe::report {

// The first record is the header. Throws msprobe::Error (exit 2) when the
// file cannot be read or a quoted field is not closed.
Table read_csv(const std::filesystem::path& path);

}  // namespace msprobe::report
