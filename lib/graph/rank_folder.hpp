#pragma once
// The three files of one rank folder that a graph is built from.
#include <filesystem>
#include <memory>

#include "dump/json_file.hpp"
#include "dump/stack_file.hpp"
#include "graph/construct_table.hpp"

namespace msprobe::graph {

struct RankFolder {
    std::filesystem::path dir;
    std::shared_ptr<const dump::JsonFile> dump;  // dump.json
    ConstructTable construct;
    std::shared_ptr<const dump::StackFile> stack;  // stack.json, shared with the graph its nodes' stacks point into
};

// Reads dump.json, construct.json and stack.json of `dir`. Throws
// msprobe::Error naming the file that is missing, malformed or (construct.json
// of an L1 dump) empty.
RankFolder read_rank_folder(const std::filesystem::path& dir);

}  // namespace msprobe::graph
