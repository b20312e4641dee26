#pragma once
// Parsed dumps made by hand for the matching tests: rows with a name, dtype and
// shape, in one PyTorch dump of a single API.
#include <string>
#include <utility>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::testing {

inline dump::DumpRow row(const std::string& name, const std::string& dtype, const std::string& shape) {
    dump::DumpRow r;
    r.name = name;
    r.dtype = dtype;
    r.shape = shape;
    return r;
}

inline dump::DumpFile dump_of(std::vector<dump::DumpRow> rows, const std::string& path = "dump.json") {
    dump::DumpFile dump;
    dump.path = path;
    dump.framework = "pytorch";
    dump.api_names = {"Functional.relu.0.forward"};
    dump.rows = std::move(rows);
    return dump;
}

}  // namespace msprobe::testing
