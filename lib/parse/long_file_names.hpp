#pragma once
// Output names too long for the file system: msprobe renames them to the
// name-based UUID of the long name (plus its extension) and records
// "new_name,long_name" in mapping.csv beside them.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace msprobe::parse {

inline constexpr std::size_t kMaxFileNameBytes = 255;  // NAME_MAX of common file systems

// `name` itself, or dns_uuid3_hex(name) + name's extension when `name` would
// reach kMaxFileNameBytes.
std::string storable_file_name(const std::string& name);

// A mapping.csv that keeps the rows of `existing` (the folder's current file,
// possibly empty) and appends each of `rows` it lacks, as CSV fields
// (report::append_csv_field, formula-like names guarded).
std::string merged_mapping_csv(const std::string& existing,
                               const std::vector<std::pair<std::string, std::string>>& rows);

}  // namespace msprobe::parse
