#pragma once
// What `overflow_check -i` points at, resolved into the dump.json files to
// scan: a dump.json, a rank directory, a step directory (rank*/proc*
// children) or a dump root (step* children).
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::overflow {

struct DumpLocation {
    std::filesystem::path dump_json;
    std::string step;  // "step0", "" when the input is below the step level
    std::string rank;  // "rank_0" ("rank" without a number is rank 0; "proc*" too), "" when unknown
};

// Steps and ranks in numeric order. Throws msprobe::Error (exit 2) naming the
// path when it does not exist or holds no dump.json where one is expected.
std::vector<DumpLocation> locate_dumps(const std::filesystem::path& input);

}  // namespace msprobe::overflow
