#pragma once
// The three files of one rank folder that a graph is built from. dump.json is
// streamed entry by entry into the records a graph takes (dump_record), so a
// rank costs its graph's items, never the file's text or a tree of it.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/progress.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"
#include "graph/construct_table.hpp"
#include "graph/dump_record.hpp"
#include "graph/pending_nodes.hpp"

namespace msprobe::graph {

struct RankFolder {
    std::filesystem::path dir;
    // What compare's mode detection reads of dump.json: path, task, framework, has_digests.
    dump::DumpFile header;
    std::optional<std::string> dump_data_dir;  // dump.json's dump_data_dir as written
    // "framework" is "pytorch" or absent (null is not): graph_visualize checks recompute stacks of such dumps only.
    bool pytorch_dump = true;
    // The entries of dump.json's "data" as nodes, in file order; build_graph hangs them in the tree.
    PendingNodes entries;
    ConstructTable construct;
    std::optional<int> megatron_micro_steps;       // construct.json's megatron_micro_step_number, when it has one
    std::shared_ptr<const dump::StackFile> stack;  // stack.json, shared with the graph its nodes' stacks point into
};

// Reads construct.json, dump.json and stack.json of `dir`, the records made
// by `rules`. Throws msprobe::Error naming the file that is missing, malformed
// or (construct.json of an L1 dump) empty. `progress`, when given, counts
// dump.json's MiB as it is read (dump::DumpStreamReading).
RankFolder read_rank_folder(const std::filesystem::path& dir, const RecordRules& rules, Progress* progress = nullptr);

}  // namespace msprobe::graph
