#pragma once
// The columns of tb_nodes that its indexes hold, kept for every row as the
// rows are written, then each index's records in the index's order: SQLite's
// (integers by value, texts by their bytes, then the rowid), so that the
// index b-trees can be written straight into the file
// (report::SqliteSortedTableWriter) instead of SQLite sorting the table seven
// times. Texts are kept in blocks, a parent's id once per graph; rows in
// chunks, so that adding a graph never copies the rows before it: a million
// rows cost about 170 MB. Rows wait on disk (a SpillFile, once they pass
// 256 KiB) until load(): while they are added, a graph's items are freed in
// small blocks these larger ones cannot reuse; when the indexes are written,
// the items are gone and their room takes the keys.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/spill_file.hpp"
#include "report/sqlite_record.hpp"

namespace msprobe::graph {

// tb_nodes' indexes, as vis_db_writer creates them.
enum class NodeIndex {
    Id,             // sqlite_autoindex_tb_nodes_1: id (the primary key)
    UpNode,         // index1: step, rank, data_source, up_node, node_order
    NodeName,       // index2: step, rank, data_source, node_name
    SourceOrder,    // index3: step, rank, data_source, node_order
    Order,          // index4: step, rank, node_order
    MicroStep,      // index5: step, rank, micro_step_id, node_order
    MatchedLink,    // index6: step, rank, modified, matched_node_link
    IsDistributed,  // index7: is_distributed
};

// The values of one row that the indexes hold.
struct NodeKeyValues {
    std::int64_t rowid = 0;
    std::int64_t node_order = 0;
    std::int64_t micro_step = 0;
    std::string_view node_name;  // the id is the graph's id, "_", and this
    std::string_view up_node;
    std::string_view matched_node_link;
    bool is_distributed = false;
};

class NodeIndexKeys {
public:
    // The graph whose rows follow: its id ("NPU_0_0"), data source, step and rank.
    void begin_graph(std::string_view graph_id, std::string_view data_source, std::int64_t step, std::int64_t rank);
    // Copies the row's values (to disk once rows pass 256 KiB); throws msprobe::Error naming the temporary
    // folder when the disk refuses them.
    void add(const NodeKeyValues& row);
    // Takes the rows added since into memory: after the last add, before anything below.
    void load();
    std::size_t size() const { return size_; }

    // Row positions in the index's order.
    std::vector<std::uint32_t> order(NodeIndex index) const;
    // Row positions with each graph's rows sorted by node_name (then rowid): within a graph, the order of both
    // the id's index and index2, which order(index, by_name) makes of them without sorting the texts again.
    std::vector<std::uint32_t> by_name_within_graphs() const;
    std::vector<std::uint32_t> order(NodeIndex index, std::vector<std::uint32_t> by_name) const;
    // The index record of row `position`: the index's columns, then the rowid.
    void record(NodeIndex index, std::uint32_t position, report::SqliteRecord& out) const;
    // Whether rows `a` and `b` have the same id (the primary key holds each id once).
    bool same_id(std::uint32_t a, std::uint32_t b) const;
    std::string id(std::uint32_t position) const;

private:
    // A text kept whole in one block of texts_.
    struct Text {
        std::uint32_t block = 0;
        std::uint32_t offset = 0;
        std::uint32_t size = 0;
    };
    struct Graph {
        Text id_prefix;  // the graph's id and "_"
        Text data_source;
        std::int64_t step = 0;
        std::int64_t rank = 0;
    };
    struct Row {
        std::int64_t rowid;
        Text node_name;
        Text up_node;
        Text matched_node_link;
        std::uint32_t node_order;  // a position among at most 2^32 rows
        std::int32_t micro_step;   // a GraphNode's int
        std::uint32_t graph;
        bool is_distributed;
    };
    // Rows are kept in chunks of this many.
    static constexpr std::size_t kChunkRows = std::size_t{1} << 6;

    // A waiting row: rowid, up_node, node_order, micro_step, graph, the sizes of node_name and
    // matched_node_link, is_distributed; then the two texts.
    static constexpr std::size_t kWaitingRowBytes =
        sizeof(std::int64_t) + sizeof(Text) + 5 * sizeof(std::uint32_t) + sizeof(bool);

    Text keep(std::string_view text);
    // Keeps the waiting rows in `bytes` that are whole; returns the bytes they took.
    std::size_t load_rows(std::string_view bytes);
    void check_loaded() const;
    const Row& row(std::size_t position) const { return chunks_[position / kChunkRows][position % kChunkRows]; }
    std::string_view view(Text text) const {
        return std::string_view(texts_[text.block]).substr(text.offset, text.size);
    }
    // The columns the indexes hold.
    enum class Column : std::uint8_t {
        Id,
        Step,
        Rank,
        DataSource,
        UpNode,
        NodeOrder,
        NodeName,
        MicroStep,
        Modified,
        MatchedLink,
        IsDistributed
    };
    static std::span<const Column> columns(NodeIndex index);
    // <0, 0, >0 as rows `a` and `b` order by `column` (SQLite's order of its values).
    int compare_column(Column column, const Row& a, const Row& b) const;
    // <0, 0, >0 as rows `a` and `b` stand by the columns `key` alone.
    int compare_columns(std::span<const Column> key, const Row& a, const Row& b) const;
    // <0, 0, >0 as rows `a` and `b` stand in an index of columns `key` (the rowid last).
    int compare(std::span<const Column> key, const Row& a, const Row& b) const;
    // Where each graph's rows begin, in position order, then the number of rows.
    std::vector<std::size_t> graph_bounds() const;
    // `positions` whose graphs' rows each stand in a sorted run, in graph order, merged by the index's key.
    std::vector<std::uint32_t> merged_graph_runs(NodeIndex index, std::vector<std::uint32_t> positions) const;
    // Each row's up_node as its rank among the distinct up_node texts (a graph has far fewer parents than nodes).
    std::vector<std::uint32_t> up_node_ranks() const;

    // Blocks of kTextBlockBytes (or one text's size): added to, never grown, so no text is copied as more come.
    std::vector<std::string> texts_;
    std::vector<Graph> graphs_;
    std::vector<std::vector<Row>> chunks_;  // each reserved to kChunkRows
    std::size_t size_ = 0;
    std::string waiting_;               // added rows not on disk, each as kWaitingRowBytes describes
    std::unique_ptr<SpillFile> spill_;  // added rows on disk, made when waiting_ first fills
    std::size_t waiting_rows_ = 0;      // rows added and not loaded
    // The current graph's up_node texts, kept once each: a parent's id is every child's up_node.
    std::unordered_map<std::string_view, Text> up_nodes_;
};

}  // namespace msprobe::graph
