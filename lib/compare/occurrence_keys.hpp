#pragma once
// The compare keys August msprobe joins dump.json rows on: the row name, with
// the call number of a backward entry replaced by its order among that API's
// (or module's) backward entries on the same side. Backward passes may run in
// another order than the forwards they belong to; the order of occurrence pairs
// them where the recorded numbers would not. Forward names and debug.json keep
// their names; the written NPU/Bench Name cells always do.
#include <string>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::compare {

// One key per row of `dump`.
std::vector<std::string> occurrence_compare_keys(const dump::DumpFile& dump);

}  // namespace msprobe::compare
