#include "graph/vis_db_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"
#include "common/python_json_writer.hpp"
#include "report/sqlite_output.hpp"
#include "report/sqlite_record.hpp"
#include "report/sqlite_sorted_table.hpp"

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

// A JSON list of texts, as json.dumps writes it on one line.
template <typename Texts, typename Text>
std::string json_list(const Texts& texts, Text text_of) {
    std::string out = "[";
    for (const auto& t : texts) {
        if (out.size() > 1) out += ", ";
        py::append_json_string(out, text_of(t));
    }
    out += ']';
    return out;
}

std::string json_list(const std::vector<std::string>& texts) {
    return json_list(texts, [](const std::string& t) -> std::string_view { return t; });
}

// msprobe's matched_node_link: the partner's ancestors (root first) and the
// partner, made when the row is written; [] when unmatched. At most
// `max_entries` of them, the nearest (kMatchedLinkEntries); `shortened` counts
// the lists cut.
std::string matched_node_link(const GraphNode& node, std::size_t max_entries, std::size_t& shortened) {
    thread_local std::vector<const GraphNode*> path;
    path.clear();
    if (node.partner != nullptr) {
        // A cycle ends the path, as ancestor_ids does: a node already on it (a short path is searched, a long one
        // kept in a set as well).
        std::unordered_set<const GraphNode*> seen;
        const auto repeated = [&](const GraphNode* n) {
            if (path.size() < 64) return std::find(path.begin(), path.end(), n) != path.end();
            if (seen.empty()) seen.insert(path.begin(), path.end());
            return !seen.insert(n).second;
        };
        for (const GraphNode* n = node.partner; n != nullptr && !repeated(n); n = n->parent) {
            if (path.size() == max_entries) {
                ++shortened;
                break;
            }
            path.push_back(n);
        }
    }
    std::reverse(path.begin(), path.end());
    return json_list(path, [](const GraphNode* n) -> std::string_view { return n->id; });
}

std::string json_ints(const std::vector<int>& values) {
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_array();
    for (const int v : values) json.integer(v);
    json.end_array();
    return json.text();
}

// The tables with tb_nodes ending in is_distributed.
std::string tables_with_distributed_column() {
    std::string tables = kCreateTables;
    const std::string last = "    rank INTEGER NOT NULL\n);";
    tables.replace(tables.find(last), last.size(), "    rank INTEGER NOT NULL,\n    is_distributed INTEGER\n);");
    return tables;
}

// tb_nodes' indexes with the names SQLite knows them by.
std::vector<std::pair<NodeIndex, std::string>> node_indexes(bool is_distributed_column) {
    std::vector<std::pair<NodeIndex, std::string>> indexes{{NodeIndex::Id, "sqlite_autoindex_tb_nodes_1"},
                                                           {NodeIndex::UpNode, "index1"},
                                                           {NodeIndex::NodeName, "index2"},
                                                           {NodeIndex::SourceOrder, "index3"},
                                                           {NodeIndex::Order, "index4"},
                                                           {NodeIndex::MicroStep, "index5"},
                                                           {NodeIndex::MatchedLink, "index6"}};
    if (is_distributed_column) indexes.emplace_back(NodeIndex::IsDistributed, "index7");
    return indexes;
}

}  // namespace

VisDbWriter::VisDbWriter(std::filesystem::path path, std::string shown_name, const VisDbFormat& format,
                         std::size_t matched_link_entries)
    : path_(std::move(path)),
      shown_name_(std::move(shown_name)),
      format_(format),
      matched_link_entries_(matched_link_entries) {
    // SQLite makes the tables and their (empty) indexes and closes the file; the b-trees are filled directly.
    report::SqliteOutput output(path_, shown_name_);
    output.exec(format_.is_distributed_column ? tables_with_distributed_column() : std::string(kCreateTables));
    output.exec(kCreateIndexes);
    if (format_.is_distributed_column) output.exec("CREATE INDEX IF NOT EXISTS index7 ON tb_nodes (is_distributed);");
    for (const auto& [index, name] : node_indexes(format_.is_distributed_column)) {
        index_roots_.emplace_back(index, output.root_page(name));
    }
    const std::int64_t nodes_root = output.root_page("tb_nodes");
    output.commit();
    output.close();
    nodes_ = std::make_unique<report::SqliteRowidTableWriter>(path_, shown_name_, nodes_root);
}

VisDbWriter::~VisDbWriter() = default;

namespace {

// Rows a thread makes at a time; at most twice as many batches as threads wait to be written, so that memory
// holds a few MB of rows whatever the graph's size.
constexpr std::size_t kRowsPerBatch = 16;

// A batch of tb_nodes rows as records, with the matched_node_link texts the indexes keep.
struct RowBatch {
    std::string records;
    std::vector<std::size_t> record_ends;
    std::string links;
    std::vector<std::size_t> link_ends;
    std::size_t shortened_links = 0;

    void clear() {
        records.clear();
        record_ends.clear();
        links.clear();
        link_ends.clear();
        shortened_links = 0;
    }
};

// The distinct stacks of one graph, numbered as first met; a stack list shared by nodes is written once.
struct StackIds {
    std::unordered_map<std::string, std::size_t> id_of;
    std::vector<const std::string*> texts;
    std::unordered_map<const std::vector<std::string>*, std::size_t> id_of_list;

    std::size_t id(const std::vector<std::string>* stack) {
        if (const auto known = id_of_list.find(stack); known != id_of_list.end()) return known->second;
        static const std::vector<std::string> none;
        auto [it, added] = id_of.try_emplace(json_list(stack ? *stack : none), id_of.size());
        if (added) texts.push_back(&it->first);
        id_of_list.emplace(stack, it->second);
        return it->second;
    }
};

// What every row of a graph shares.
struct GraphRows {
    const ExportedGraph& exported;
    const std::string& graph_id;
    const std::vector<const GraphNode*>& order;
    const std::vector<std::size_t>& stack_ids;
    bool is_distributed_column;
    bool full_floats;
    std::size_t link_entries;
};

// One tb_nodes row as SQLite's INSERT of msprobe's values stores it: node_type, an integer bound to a TEXT
// column, as its decimal text; a precision index that is a whole number as an integer (INTEGER affinity); NaN
// as NULL.
void make_row(const GraphRows& rows, std::size_t position, report::SqliteRecord& record, std::string& scratch,
              RowBatch& batch) {
    const GraphNode& node = *rows.order[position];
    const ExportedGraph& exported = rows.exported;
    ItemExportRules rules;
    rules.keep_md5 = exported.keep_md5;
    rules.full_floats = rows.full_floats;
    rules.batch_p2p_node = node.id.find("batch_isend_irecv") != std::string::npos;
    const std::string link = matched_node_link(node, rows.link_entries, batch.shortened_links);

    record.clear();
    scratch.assign(rows.graph_id);
    scratch += '_';
    scratch += node.id;
    record.text(scratch);
    record.text(rows.graph_id);
    record.integer(static_cast<std::int64_t>(position));
    record.text(node.id);
    record.text(fmt::format("{}", static_cast<int>(node.kind)));
    record.text(node.parent ? std::string_view(node.parent->id) : std::string_view());
    record.text(node.children.empty()
                    ? std::string()
                    : json_list(node.children, [](const GraphNode* child) -> std::string_view { return child->id; }));
    if (!node.precision) {
        record.null();
    } else if (node.precision->is_integer) {
        record.integer(static_cast<std::int64_t>(node.precision->value));
    } else {
        record.real_affinity(node.precision->value);
    }
    const RareNodeFields& rare = node.rare();
    if (rare.overflow_level.empty())
        record.null();
    else
        record.text(rare.overflow_level);
    record.integer(node.micro_step.value_or(0));
    record.text(link);
    record.text(fmt::format("{}_{}", rows.graph_id, rows.stack_ids[position]));
    record.text(rare.parallel_merge_info.empty() ? std::string() : json_list(rare.parallel_merge_info));
    record.text(rare.matched_distributed ? std::string_view(*rare.matched_distributed) : std::string_view("{}"));
    record.integer(0);
    thread_local std::vector<ItemFields> input_fields, output_fields;
    if (exported.comparison_fields) exported.comparison_fields(node, input_fields, output_fields);
    for (const auto& [items, comparison] :
         {std::pair{&node.inputs, &input_fields}, std::pair{&node.outputs, &output_fields}}) {
        scratch.clear();
        append_port_items_json(scratch, *items, rules, exported.comparison_fields ? comparison : nullptr);
        record.text(scratch);
    }
    record.text(exported.data_source);
    if (exported.graph->dump_data_dir)
        record.text(*exported.graph->dump_data_dir);
    else
        record.null();
    record.integer(exported.step);
    record.integer(exported.rank);
    if (rows.is_distributed_column) record.integer(node.is_distributed() ? 1 : 0);
    record.append_to(batch.records);
    batch.record_ends.push_back(batch.records.size());
    batch.links += link;
    batch.link_ends.push_back(batch.links.size());
}

}  // namespace

void VisDbWriter::add_graph(const ExportedGraph& exported, ThreadPool& pool) {
    if (!nodes_) throw std::logic_error("VisDbWriter::add_graph after finish");
    const std::string graph_id = fmt::format("{}_{}_{}", exported.data_source, exported.step, exported.rank);
    const auto order = exported.graph->post_order();
    StackIds stacks;
    std::vector<std::size_t> stack_ids(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) stack_ids[i] = stacks.id(order[i]->stack);
    const GraphRows rows{exported,
                         graph_id,
                         order,
                         stack_ids,
                         format_.is_distributed_column,
                         format_.full_floats,
                         matched_link_entries_};
    auto make_batch = [&](std::size_t from, RowBatch& batch) {
        report::SqliteRecord record;
        std::string scratch;
        batch.clear();
        const std::size_t end = std::min(from + kRowsPerBatch, order.size());
        for (std::size_t i = from; i < end; ++i) make_row(rows, i, record, scratch, batch);
    };
    keys_.begin_graph(graph_id, exported.data_source, exported.step, exported.rank);
    Progress progress("Writing " + graph_id, static_cast<std::int64_t>(order.size()), exported.show_progress, "nodes");
    // The pool makes batches a few ahead while this thread writes them in order, and makes some itself while
    // it waits.
    const std::size_t batch_count = (order.size() + kRowsPerBatch - 1) / kRowsPerBatch;
    const std::size_t depth = 2 * pool.size();
    std::vector<RowBatch> slots(depth);
    std::vector<ThreadPool::Task> making(depth);
    const auto start = [&](std::size_t b) {
        making[b % depth] = pool.start([&, b] { make_batch(b * kRowsPerBatch, slots[b % depth]); });
    };
    for (std::size_t b = 0; b < std::min(depth, batch_count); ++b) start(b);
    for (std::size_t b = 0; b < batch_count; ++b) {
        // While another thread makes this batch, this one makes the later ones nobody has begun.
        for (std::size_t later = b + 1; later < std::min(b + depth, batch_count) && !making[b % depth].finished();
             ++later) {
            making[later % depth].run_here();
        }
        making[b % depth].wait();
        const RowBatch& batch = slots[b % depth];
        const std::size_t first = b * kRowsPerBatch;
        std::size_t record_begin = 0, link_begin = 0;
        for (std::size_t k = 0; k < batch.record_ends.size(); ++k) {
            const GraphNode& node = *order[first + k];
            const std::int64_t rowid = next_rowid_++;
            nodes_->add(rowid,
                        std::string_view(batch.records).substr(record_begin, batch.record_ends[k] - record_begin));
            keys_.add({rowid, static_cast<std::int64_t>(first + k), node.micro_step.value_or(0), node.id,
                       node.parent ? std::string_view(node.parent->id) : std::string_view(),
                       std::string_view(batch.links).substr(link_begin, batch.link_ends[k] - link_begin),
                       node.is_distributed()});
            record_begin = batch.record_ends[k];
            link_begin = batch.link_ends[k];
        }
        shortened_links_ += batch.shortened_links;
        if (exported.after_rows) {
            exported.after_rows(std::span<const GraphNode* const>(order).subspan(first, batch.record_ends.size()));
        }
        progress.advance(static_cast<std::int64_t>(batch.record_ends.size()));
        if (b + depth < batch_count) start(b + depth);
    }
    for (std::size_t k = 0; k < stacks.texts.size(); ++k) {
        stacks_.emplace_back(fmt::format("{}_{}", graph_id, k), *stacks.texts[k]);
    }
}

void VisDbWriter::add_config(const ConfigRow& config) {
    if (!config_) config_ = config;
}

void VisDbWriter::write_indexes(ThreadPool& pool) {
    keys_.load();
    // Each index sorted on the pool (the id's index and index2 from one sort of each graph's names, made here
    // meanwhile); written one after another, each tree's pages after the last one's, while the pool sorts the
    // indexes that follow.
    std::vector<std::vector<std::uint32_t>> orders(index_roots_.size());
    std::vector<ThreadPool::Task> sorts(index_roots_.size());
    const auto by_name_index = [&](std::size_t i) {
        return index_roots_[i].first == NodeIndex::Id || index_roots_[i].first == NodeIndex::NodeName;
    };
    for (std::size_t i = 0; i < index_roots_.size(); ++i) {
        if (!by_name_index(i))
            sorts[i] = pool.start([this, &orders, i] { orders[i] = keys_.order(index_roots_[i].first); });
    }
    const std::vector<std::uint32_t> by_name = keys_.by_name_within_graphs();
    for (std::size_t i = 0; i < index_roots_.size(); ++i) {
        if (by_name_index(i)) {
            sorts[i] =
                pool.start([this, &orders, &by_name, i] { orders[i] = keys_.order(index_roots_[i].first, by_name); });
        }
    }
    report::SqliteRecord record;
    for (std::size_t i = 0; i < index_roots_.size(); ++i) {
        sorts[i].wait();
        const auto& [index, root] = index_roots_[i];
        const std::vector<std::uint32_t>& order = orders[i];
        if (index == NodeIndex::Id) {
            for (std::size_t k = 1; k < order.size(); ++k) {
                if (keys_.same_id(order[k - 1], order[k])) {
                    throw Error(shown_name_,
                                fmt::format("cannot write the database: two nodes have the id {}", keys_.id(order[k])));
                }
            }
        }
        report::SqliteSortedTableWriter writer(path_, shown_name_, root);
        for (const std::uint32_t position : order) {
            keys_.record(index, position, record);
            writer.add(record.bytes());
        }
        writer.finish();
        orders[i] = {};
    }
}

void VisDbWriter::write_small_tables() {
    report::SqliteOutput output(path_, shown_name_);
    {
        report::SqliteOutput::Statement insert(output, "INSERT INTO tb_stack VALUES (?, ?)");
        for (const auto& [id, text] : stacks_) {
            insert.text(1, id);
            insert.text(2, text);
            insert.run();
        }
    }
    if (config_) {
        report::SqliteOutput::Statement insert(output,
                                               "INSERT OR IGNORE INTO tb_config VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        insert.text(1, "1");
        insert.text(2, config_->graph_type);
        insert.text(3, config_->task);
        insert.optional_text(4, config_->tool_tip);
        insert.integer(5, config_->micro_steps);
        insert.integer(6, config_->overflow_check ? 1 : 0);
        insert.text(7, config_->node_colors);
        insert.text(8, json_ints(config_->rank_list));
        insert.text(9, json_ints(config_->step_list));
        insert.run();
    }
    output.commit();
    output.exec("PRAGMA journal_mode=WAL");
    output.close();
}

void VisDbWriter::finish(ThreadPool& pool) {
    if (!nodes_) throw std::logic_error("VisDbWriter::finish twice");
    if (shortened_links_ > 0) {
        log::warning(
            fmt::format("{} node(s) are matched with a partner nested more than {} modules deep: their "
                        "matched_node_link lists its nearest {} (docs/compatibility.md row 181; "
                        "--strict_compat lists all)",
                        shortened_links_, matched_link_entries_, matched_link_entries_));
    }
    nodes_->finish();
    nodes_.reset();
    write_indexes(pool);
    write_small_tables();
}

}  // namespace msprobe::graph
