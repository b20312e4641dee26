#include "graph/vis_db_writer.hpp"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"
#include "common/python_json_writer.hpp"
#include "report/sqlite_output.hpp"

namespace msprobe::graph {

namespace {

// The statements as msprobe creates them; sqlite_master keeps this text, which
// the fixtures' schema.sql shows.
constexpr const char* kCreateTables = R"(CREATE TABLE IF NOT EXISTS tb_nodes (
    id TEXT PRIMARY KEY,
    graph_id TEXT NOT NULL,
    node_order INTEGER NOT NULL,
    node_name TEXT NOT NULL,
    node_type TEXT NOT NULL,
    up_node TEXT,
    sub_nodes TEXT,
    precision_index INTEGER,
    overflow_level TEXT,
    micro_step_id INTEGER NOT NULL,
    matched_node_link TEXT,
    stack_id TEXT,
    parallel_merge_info TEXT,
    matched_distributed TEXT,
    modified INTEGER NOT NULL,
    input_data TEXT,
    output_data TEXT,
    data_source TEXT,
    dump_data_dir TEXT,
    step INTEGER NOT NULL,
    rank INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tb_stack (
    id TEXT PRIMARY KEY,
    stack_info TEXT
);
CREATE TABLE IF NOT EXISTS tb_config (
    id TEXT PRIMARY KEY,
    graph_type TEXT NOT NULL,
    task TEXT,
    tool_tip TEXT,
    micro_steps INTEGER,
    overflow_check INTEGER,
    node_colors TEXT NOT NULL,
    rank_list TEXT NOT NULL,
    step_list TEXT NOT NULL
);)";

constexpr const char* kCreateIndexes =
    "CREATE INDEX IF NOT EXISTS index1 ON tb_nodes (step, rank, data_source, up_node, node_order);"
    "CREATE INDEX IF NOT EXISTS index2 ON tb_nodes (step, rank, data_source, node_name);"
    "CREATE INDEX IF NOT EXISTS index3 ON tb_nodes (step, rank, data_source, node_order);"
    "CREATE INDEX IF NOT EXISTS index4 ON tb_nodes (step, rank, node_order);"
    "CREATE INDEX IF NOT EXISTS index5 ON tb_nodes (step, rank, micro_step_id, node_order);"
    "CREATE INDEX IF NOT EXISTS index6 ON tb_nodes (step, rank, modified, matched_node_link);";

std::string json_list(const std::vector<std::string>& texts) {
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_array();
    for (const auto& t : texts) json.string(t);
    json.end_array();
    return json.text();
}

// msprobe's matched_node_link: the partner's ancestors (root first) and the
// partner, made when the row is written; [] when unmatched. At most
// `max_entries` of them, the nearest (kMatchedLinkEntries); `shortened` counts
// the lists cut.
std::string matched_node_link(const GraphNode& node, std::size_t max_entries, std::size_t& shortened) {
    std::vector<const GraphNode*> path;
    if (node.partner != nullptr) {
        std::unordered_set<const GraphNode*> seen;  // a cycle ends the path, as ancestor_ids does
        for (const GraphNode* n = node.partner; n != nullptr && seen.insert(n).second; n = n->parent) {
            if (path.size() == max_entries) {
                ++shortened;
                break;
            }
            path.push_back(n);
        }
    }
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_array();
    for (auto it = path.rbegin(); it != path.rend(); ++it) json.string((*it)->id);
    json.end_array();
    return json.text();
}

std::string json_ints(const std::vector<int>& values) {
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_array();
    for (const int v : values) json.integer(v);
    json.end_array();
    return json.text();
}

using Statement = report::SqliteOutput::Statement;

// A tb_nodes row: 21 columns, 22 with is_distributed.
constexpr const char* kInsertNode =
    "INSERT INTO tb_nodes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
constexpr const char* kInsertDistributedNode =
    "INSERT INTO tb_nodes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

// The tables with tb_nodes ending in is_distributed.
std::string tables_with_distributed_column() {
    std::string tables = kCreateTables;
    const std::string last = "    rank INTEGER NOT NULL\n);";
    tables.replace(tables.find(last), last.size(), "    rank INTEGER NOT NULL,\n    is_distributed INTEGER\n);");
    return tables;
}

}  // namespace

VisDbWriter::VisDbWriter(std::filesystem::path path, std::string shown_name, const VisDbFormat& format,
                         std::size_t matched_link_entries)
    : output_(std::move(path), std::move(shown_name), false),
      format_(format),
      matched_link_entries_(matched_link_entries) {
    output_.exec(format_.is_distributed_column ? tables_with_distributed_column() : std::string(kCreateTables));
    output_.begin();
}

VisDbWriter::~VisDbWriter() = default;

namespace {

// input_data and output_data of one row.
struct PortTexts {
    std::string inputs;
    std::string outputs;
};

// Nodes whose port-item JSON is made at a time: the pool makes the next batch
// while this thread inserts the current one, so two batches of text exist at most.
constexpr std::size_t kRowsPerBatch = 2048;

// The distinct stacks of one graph, numbered as first met.
struct StackIds {
    std::unordered_map<std::string, std::size_t> id_of;
    std::vector<const std::string*> texts;

    std::size_t id(const std::vector<std::string>* stack) {
        static const std::vector<std::string> none;
        auto [it, added] = id_of.try_emplace(json_list(stack ? *stack : none), id_of.size());
        if (added) texts.push_back(&it->first);
        return it->second;
    }
};

void insert_node(Statement& insert, const ExportedGraph& exported, const std::string& graph_id, const GraphNode& node,
                 std::size_t order, const PortTexts& texts, StackIds& stacks, bool is_distributed_column,
                 std::size_t link_entries, std::size_t& shortened_links) {
    std::vector<std::string> children;
    for (const GraphNode* child : node.children) children.push_back(child->id);
    insert.text(1, graph_id + "_" + node.id);
    insert.text(2, graph_id);
    insert.integer(3, static_cast<long long>(order));
    insert.text(4, node.id);
    insert.integer(5, static_cast<int>(node.kind));
    insert.text(6, node.parent ? node.parent->id : std::string());
    insert.text(7, children.empty() ? std::string() : json_list(children));
    if (node.precision) {
        if (node.precision->is_integer)
            insert.integer(8, static_cast<long long>(node.precision->value));
        else
            insert.real(8, node.precision->value);
    } else {
        insert.null(8);
    }
    if (node.overflow_level.empty())
        insert.null(9);
    else
        insert.text(9, node.overflow_level);
    insert.integer(10, node.micro_step.value_or(0));
    insert.text(11, matched_node_link(node, link_entries, shortened_links));
    insert.text(12, fmt::format("{}_{}", graph_id, stacks.id(node.stack)));
    insert.text(13, node.parallel_merge_info.empty() ? std::string() : json_list(node.parallel_merge_info));
    insert.text(14, node.matched_distributed.empty() ? std::string("{}") : node.matched_distributed);
    insert.integer(15, 0);
    insert.text(16, texts.inputs);
    insert.text(17, texts.outputs);
    insert.text(18, exported.data_source);
    insert.optional_text(19, exported.graph->dump_data_dir);
    insert.integer(20, exported.step);
    insert.integer(21, exported.rank);
    if (is_distributed_column) insert.integer(22, node.id.rfind("Distributed", 0) == 0 ? 1 : 0);
    insert.run();
}

}  // namespace

void VisDbWriter::add_graph(const ExportedGraph& exported, ThreadPool& pool) {
    const std::string graph_id = fmt::format("{}_{}_{}", exported.data_source, exported.step, exported.rank);
    const bool distributed = format_.is_distributed_column;
    Statement insert(output_, distributed ? kInsertDistributedNode : kInsertNode);
    const auto order = exported.graph->post_order();
    auto make_texts = [&](std::size_t from, std::vector<PortTexts>& texts) {
        texts.resize(std::min(kRowsPerBatch, order.size() - from));
        for (std::size_t k = 0; k < texts.size(); ++k) {
            const GraphNode& node = *order[from + k];
            ItemExportRules rules;
            rules.keep_md5 = exported.keep_md5;
            rules.full_floats = format_.full_floats;
            rules.batch_p2p_node = node.id.find("batch_isend_irecv") != std::string::npos;
            texts[k] = {port_items_json(node.inputs, rules), port_items_json(node.outputs, rules)};
        }
    };
    StackIds stacks;
    Progress progress("Writing " + graph_id, static_cast<std::int64_t>(order.size()), exported.show_progress, "nodes");
    std::vector<PortTexts> current, next;
    if (!order.empty()) make_texts(0, current);
    for (std::size_t batch = 0; batch < order.size(); batch += kRowsPerBatch) {
        const std::size_t end = std::min(batch + kRowsPerBatch, order.size());
        ThreadPool::Task ahead;
        if (end < order.size()) ahead = pool.start([&, end] { make_texts(end, next); });
        for (std::size_t i = batch; i < end; ++i) {
            insert_node(insert, exported, graph_id, *order[i], i, current[i - batch], stacks, distributed,
                        matched_link_entries_, shortened_links_);
        }
        progress.advance(static_cast<std::int64_t>(end - batch));
        if (end < order.size()) {
            ahead.wait();
            std::swap(current, next);
        }
    }
    Statement stack_insert(output_, "INSERT INTO tb_stack VALUES (?, ?)");
    for (std::size_t k = 0; k < stacks.texts.size(); ++k) {
        stack_insert.text(1, fmt::format("{}_{}", graph_id, k));
        stack_insert.text(2, *stacks.texts[k]);
        stack_insert.run();
    }
}

void VisDbWriter::add_config(const ConfigRow& config) {
    Statement insert(output_, "INSERT OR IGNORE INTO tb_config VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.text(1, "1");
    insert.text(2, config.graph_type);
    insert.text(3, config.task);
    insert.optional_text(4, config.tool_tip);
    insert.integer(5, config.micro_steps);
    insert.integer(6, config.overflow_check ? 1 : 0);
    insert.text(7, config.node_colors);
    insert.text(8, json_ints(config.rank_list));
    insert.text(9, json_ints(config.step_list));
    insert.run();
}

void VisDbWriter::finish() {
    if (shortened_links_ > 0) {
        log::warning(
            fmt::format("{} node(s) are matched with a partner nested more than {} modules deep: their "
                        "matched_node_link lists its nearest {} (docs/compatibility.md row 181; "
                        "--strict_compat lists all)",
                        shortened_links_, matched_link_entries_, matched_link_entries_));
    }
    output_.exec(kCreateIndexes);
    if (format_.is_distributed_column) output_.exec("CREATE INDEX IF NOT EXISTS index7 ON tb_nodes (is_distributed);");
    output_.commit();
    output_.exec("PRAGMA journal_mode=WAL");
    output_.close();
}

}  // namespace msprobe::graph
