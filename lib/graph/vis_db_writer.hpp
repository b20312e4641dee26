#pragma once
// The .vis.db file tb-graph-ascend opens: tables tb_nodes, tb_stack and
// tb_config with msprobe's columns, rows, texts and indexes, into a file the
// caller stages (report::StagedFiles), so a failed run leaves no database
// behind. SQLite creates the tables and indexes; tb_nodes' rows, which are
// nearly all of the file, are written straight into its b-tree as they come
// (report::SqliteRowidTableWriter), stored as SQLite's INSERT would store
// them (its column affinities applied), and its indexes are written sorted
// at the end (NodeIndexKeys); SQLite then adds the few stack and config rows.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "graph/model_graph.hpp"
#include "graph/node_index_keys.hpp"
#include "graph/port_item_json.hpp"
#include "report/sqlite_rowid_table.hpp"

namespace msprobe::graph {

struct ExportedGraph {
    const ModelGraph* graph = nullptr;
    std::string data_source;  // NPU or Bench
    int step = 0;
    int rank = 0;
    bool keep_md5 = false;       // md5-mode compare
    bool show_progress = false;  // the nodes written, on a progress line of the terminal
    // Called on the writing thread with each run of nodes whose rows were just written: a caller that reads
    // none of their items again frees them there, and the indexes' keys, loaded once every row is written,
    // take their room.
    std::function<void(std::span<const GraphNode* const>)> after_rows{};
    // Called on the pool's threads with each node whose row is made: its items' comparison fields when the
    // items do not hold them (pair_comparison's comparison_fields); none when they do.
    std::function<void(const GraphNode&, std::vector<ItemFields>& inputs, std::vector<ItemFields>& outputs)>
        comparison_fields{};
};

struct ConfigRow {
    std::string graph_type;               // build / compare
    std::string task;                     // "" for a build
    std::optional<std::string> tool_tip;  // JSON; NULL for a build
    int micro_steps = 1;
    bool overflow_check = false;
    std::string node_colors = "null";
    std::vector<int> rank_list;
    std::vector<int> step_list;
};

// The most entries a node's matched_node_link lists: msprobe lists every
// ancestor of the partner and the partner, which makes the database grow with
// the square of the nesting depth (7.2 GB at depth 10 000). Past this depth,
// far beyond any real model's, the list keeps the partner's nearest ancestors
// and the partner (the viewer reads the last entry); --strict_compat lists all.
inline constexpr std::size_t kMatchedLinkEntries = 128;

// Where the databases of msprobe's two graph commands differ; the defaults are its graph's.
struct VisDbFormat {
    // tb_nodes ends with an is_distributed column (1 for Distributed.* nodes), indexed as index7.
    bool is_distributed_column = false;
    // Port items' floats in full (shortest round trip), not rounded to 6 decimals.
    bool full_floats = false;
};

class VisDbWriter {
public:
    // Creates the database `path` (a staged file); errors name `shown_name`.
    // Throws msprobe::Error. `matched_link_entries`: the bound of each
    // matched_node_link (SIZE_MAX: every ancestor).
    VisDbWriter(std::filesystem::path path, std::string shown_name, const VisDbFormat& format = {},
                std::size_t matched_link_entries = kMatchedLinkEntries);
    ~VisDbWriter();
    VisDbWriter(const VisDbWriter&) = delete;
    VisDbWriter& operator=(const VisDbWriter&) = delete;

    // The pool's threads make the rows, this thread writes them.
    void add_graph(const ExportedGraph& exported, ThreadPool& pool);
    void add_config(const ConfigRow& config);  // the first row wins, as msprobe's INSERT OR IGNORE
    // Indexes (sorted on the pool), the stack and config rows, WAL mode: no side file remains.
    void finish(ThreadPool& pool);

private:
    void write_indexes(ThreadPool& pool);
    void write_small_tables();

    std::filesystem::path path_;
    std::string shown_name_;
    VisDbFormat format_;
    std::vector<std::pair<NodeIndex, std::int64_t>> index_roots_;  // each index of tb_nodes and its root page
    std::unique_ptr<report::SqliteRowidTableWriter> nodes_;
    std::int64_t next_rowid_ = 1;
    NodeIndexKeys keys_;
    std::vector<std::pair<std::string, std::string>> stacks_;  // tb_stack's rows: id, stack_info
    std::optional<ConfigRow> config_;
    std::size_t matched_link_entries_;
    std::size_t shortened_links_ = 0;  // nodes whose matched_node_link was cut to the bound
};

}  // namespace msprobe::graph
