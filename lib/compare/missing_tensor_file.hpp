#pragma once
// A real-data dump names one tensor file per leaf in its dump_tensor_data
// folder; a file that is not there makes its rows uncomparable.
#include <filesystem>
#include <optional>

#include "dump/dump_file.hpp"

namespace msprobe::compare {

// The first tensor file, in row order, that `dump` names and its tensor folder
// lacks; nullopt when every one is there. Names that are not bare file names
// are left to the row that reads them (dump/data_name.hpp).
std::optional<std::filesystem::path> missing_tensor_file(const dump::DumpFile& dump);

}  // namespace msprobe::compare
