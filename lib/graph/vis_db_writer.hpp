#pragma once
// The .vis.db file tb-graph-ascend opens: tables tb_nodes, tb_stack and
// tb_config with msprobe's columns, rows and texts. Everything is written in
// one transaction into a file the caller stages (report::StagedFiles), so a
// failed run leaves no database behind.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "graph/model_graph.hpp"
#include "graph/port_item_json.hpp"
#include "report/sqlite_output.hpp"

namespace msprobe::graph {

struct ExportedGraph {
    const ModelGraph* graph = nullptr;
    std::string data_source;  // NPU or Bench
    int step = 0;
    int rank = 0;
    bool keep_md5 = false;  // md5-mode compare
    bool show_progress = false;  // the nodes written, on a progress line of the terminal
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
    ~VisDbWriter();  // closes the database; SQLite's side files of an unfinished one are removed
    VisDbWriter(const VisDbWriter&) = delete;
    VisDbWriter& operator=(const VisDbWriter&) = delete;

    // The pool makes the port-item JSON of the rows while they are inserted.
    void add_graph(const ExportedGraph& exported, ThreadPool& pool);
    void add_config(const ConfigRow& config);  // the first row wins, as msprobe's INSERT OR IGNORE
    // Indexes, commit, WAL mode, close: no side file remains.
    void finish();

private:
    report::SqliteOutput output_;
    VisDbFormat format_;
    std::size_t matched_link_entries_;
    std::size_t shortened_links_ = 0;  // nodes whose matched_node_link was cut to the bound
};

}  // namespace msprobe::graph
