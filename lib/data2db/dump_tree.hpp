#pragma once
// The dump.json files under --data, found as msprobe finds them:
// <data>/step<N>/rank<M>|proc<M>/dump.json, N and M read as Python's int()
// reads them ("step+1", "rank 2" and "step1_0" count). A rank folder keeps its
// number; proc folders, in their numbers' order, take the ranks after the
// highest rank folder's. Folders are read in name order (msprobe takes the
// system's listing order, which only matters when two names give one number).
// msprobe's warnings about passed-over folders are logged as they are found.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace msprobe::data2db {

struct DumpRankFiles {
    std::int64_t rank = 0;
    std::filesystem::path dump_json;
    std::filesystem::path construct_json;  // beside dump.json, whether or not it exists
};

struct DumpStep {
    std::int64_t step = 0;
    std::vector<DumpRankFiles> ranks;  // rank folders by number, then the proc folders
};

struct DumpTree {
    std::vector<DumpStep> steps;  // ascending; only steps with a dump.json
    bool step_found = false;      // a step folder was there, whether or not it held dumps
};

DumpTree find_dump_tree(const std::filesystem::path& data_dir);

}  // namespace msprobe::data2db
