#include "graph/node_index_keys.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>
#include <unordered_map>

namespace msprobe::graph {

namespace {

int three_way(std::int64_t a, std::int64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

// SQLite's BINARY collation: bytes, then length.
int compare_text(std::string_view a, std::string_view b) {
    const int c = a.compare(b);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// a1 + a2 against b1 + b2, without joining them.
int compare_joined(std::string_view a1, std::string_view a2, std::string_view b1, std::string_view b2) {
    while (true) {
        if (a1.empty()) std::swap(a1, a2);
        if (b1.empty()) std::swap(b1, b2);
        if (a1.empty() || b1.empty()) return (a1.empty() ? 0 : 1) - (b1.empty() ? 0 : 1);
        const std::size_t n = std::min(a1.size(), b1.size());
        if (const int c = std::memcmp(a1.data(), b1.data(), n); c != 0) return c < 0 ? -1 : 1;
        a1.remove_prefix(n);
        b1.remove_prefix(n);
    }
}

}  // namespace

NodeIndexKeys::Text NodeIndexKeys::keep(std::string_view text) {
    if (text.size() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("a text of 4 GiB or more");
    // Small blocks: a graph's items, freed as its rows are written, leave small blocks of room.
    constexpr std::size_t kTextBlockBytes = std::size_t{1} << 12;
    if (texts_.empty() || texts_.back().capacity() - texts_.back().size() < text.size()) {
        texts_.emplace_back().reserve(std::max(kTextBlockBytes, text.size()));
    }
    std::string& block = texts_.back();
    const Text kept{static_cast<std::uint32_t>(texts_.size() - 1), static_cast<std::uint32_t>(block.size()),
                    static_cast<std::uint32_t>(text.size())};
    block.append(text);
    return kept;
}

void NodeIndexKeys::begin_graph(std::string_view graph_id, std::string_view data_source, std::int64_t step,
                                std::int64_t rank) {
    Graph graph;
    graph.id_prefix = keep(std::string(graph_id) + '_');
    graph.data_source = keep(data_source);
    graph.step = step;
    graph.rank = rank;
    graphs_.push_back(graph);
    up_nodes_.clear();
}

namespace {

// Rows waiting in memory before they go to disk.
constexpr std::size_t kWaitingBytes = std::size_t{256} << 10;
// Bytes read back from disk at a time: small, as the room the graphs' items left is in small blocks.
constexpr std::size_t kLoadBytes = std::size_t{64} << 10;

// A waiting row's fields in this machine's form (only this process reads them), each after the last.
template <typename T>
void append_raw(std::string& out, const T& value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}
template <typename T>
void read_raw(std::string_view bytes, std::size_t& at, T& value) {
    std::memcpy(&value, bytes.data() + at, sizeof value);
    at += sizeof value;
}

}  // namespace

void NodeIndexKeys::add(const NodeKeyValues& row) {
    if (graphs_.empty()) throw std::logic_error("NodeIndexKeys::add before begin_graph");
    if (size_ == std::numeric_limits<std::uint32_t>::max()) throw std::length_error("too many rows");
    if (row.node_order < 0 || row.node_order > std::numeric_limits<std::uint32_t>::max() ||
        row.micro_step < std::numeric_limits<std::int32_t>::min() ||
        row.micro_step > std::numeric_limits<std::int32_t>::max()) {
        throw std::out_of_range("NodeIndexKeys::add: node_order or micro_step out of range");
    }
    if (row.node_name.size() > std::numeric_limits<std::uint32_t>::max() ||
        row.matched_node_link.size() > std::numeric_limits<std::uint32_t>::max()) {
        throw std::length_error("a text of 4 GiB or more");
    }
    Text up_node;
    if (const auto known = up_nodes_.find(row.up_node); known != up_nodes_.end()) {
        up_node = known->second;
    } else {
        up_node = keep(row.up_node);
        up_nodes_.emplace(view(up_node), up_node);  // the view stays: blocks are never grown
    }
    if (waiting_.capacity() < kWaitingBytes) waiting_.reserve(kWaitingBytes + (kWaitingBytes >> 4));
    append_raw(waiting_, row.rowid);
    append_raw(waiting_, up_node);
    append_raw(waiting_, static_cast<std::uint32_t>(row.node_order));
    append_raw(waiting_, static_cast<std::int32_t>(row.micro_step));
    append_raw(waiting_, static_cast<std::uint32_t>(graphs_.size() - 1));
    append_raw(waiting_, static_cast<std::uint32_t>(row.node_name.size()));
    append_raw(waiting_, static_cast<std::uint32_t>(row.matched_node_link.size()));
    append_raw(waiting_, row.is_distributed);
    waiting_.append(row.node_name);
    waiting_.append(row.matched_node_link);
    ++size_;
    ++waiting_rows_;
    if (waiting_.size() >= kWaitingBytes) {
        if (!spill_) spill_ = std::make_unique<SpillFile>("the index keys of a graph database");
        spill_->write(waiting_);
        waiting_.clear();
    }
}

std::size_t NodeIndexKeys::load_rows(std::string_view bytes) {
    std::size_t at = 0;
    while (bytes.size() - at >= kWaitingRowBytes) {
        std::size_t field = at;
        Row kept;
        std::uint32_t name_size = 0, link_size = 0;
        read_raw(bytes, field, kept.rowid);
        read_raw(bytes, field, kept.up_node);
        read_raw(bytes, field, kept.node_order);
        read_raw(bytes, field, kept.micro_step);
        read_raw(bytes, field, kept.graph);
        read_raw(bytes, field, name_size);
        read_raw(bytes, field, link_size);
        read_raw(bytes, field, kept.is_distributed);
        const std::size_t end = field + name_size + link_size;
        if (end > bytes.size()) break;
        kept.node_name = keep(bytes.substr(field, name_size));
        kept.matched_node_link = keep(bytes.substr(field + name_size, link_size));
        if ((size_ - waiting_rows_) % kChunkRows == 0) chunks_.emplace_back().reserve(kChunkRows);  // rows kept
        chunks_.back().push_back(kept);
        --waiting_rows_;
        at = end;
    }
    return at;
}

void NodeIndexKeys::load() {
    if (spill_) {
        std::string piece, carried;  // carried: the start of a row the last piece cut
        for (std::uint64_t begin = 0; begin < spill_->size(); begin += kLoadBytes) {
            spill_->read(begin, std::min<std::uint64_t>(begin + kLoadBytes, spill_->size()), piece);
            carried += piece;
            carried.erase(0, load_rows(carried));
        }
        if (!carried.empty()) throw std::logic_error("NodeIndexKeys: a row cut short on disk");
        spill_.reset();
    }
    if (load_rows(waiting_) != waiting_.size()) throw std::logic_error("NodeIndexKeys: a row cut short");
    waiting_ = std::string();
}

void NodeIndexKeys::check_loaded() const {
    if (waiting_rows_ != 0) throw std::logic_error("NodeIndexKeys read before load()");
}

// Each index's columns, as vis_db_writer's CREATE INDEX statements list them; the rowid follows.
std::span<const NodeIndexKeys::Column> NodeIndexKeys::columns(NodeIndex index) {
    using C = Column;
    static constexpr C kId[] = {C::Id};
    static constexpr C kUpNode[] = {C::Step, C::Rank, C::DataSource, C::UpNode, C::NodeOrder};
    static constexpr C kNodeName[] = {C::Step, C::Rank, C::DataSource, C::NodeName};
    static constexpr C kSourceOrder[] = {C::Step, C::Rank, C::DataSource, C::NodeOrder};
    static constexpr C kOrder[] = {C::Step, C::Rank, C::NodeOrder};
    static constexpr C kMicroStep[] = {C::Step, C::Rank, C::MicroStep, C::NodeOrder};
    static constexpr C kMatchedLink[] = {C::Step, C::Rank, C::Modified, C::MatchedLink};
    static constexpr C kIsDistributed[] = {C::IsDistributed};
    switch (index) {
        case NodeIndex::Id: return kId;
        case NodeIndex::UpNode: return kUpNode;
        case NodeIndex::NodeName: return kNodeName;
        case NodeIndex::SourceOrder: return kSourceOrder;
        case NodeIndex::Order: return kOrder;
        case NodeIndex::MicroStep: return kMicroStep;
        case NodeIndex::MatchedLink: return kMatchedLink;
        case NodeIndex::IsDistributed: return kIsDistributed;
    }
    throw std::logic_error("NodeIndexKeys: an index without columns");
}

int NodeIndexKeys::compare_column(Column column, const Row& a, const Row& b) const {
    const Graph& ga = graphs_[a.graph];
    const Graph& gb = graphs_[b.graph];
    switch (column) {
        case Column::Id:
            return compare_joined(view(ga.id_prefix), view(a.node_name), view(gb.id_prefix), view(b.node_name));
        case Column::Step: return three_way(ga.step, gb.step);
        case Column::Rank: return three_way(ga.rank, gb.rank);
        case Column::DataSource: return compare_text(view(ga.data_source), view(gb.data_source));
        case Column::UpNode: return compare_text(view(a.up_node), view(b.up_node));
        case Column::NodeOrder: return three_way(a.node_order, b.node_order);
        case Column::NodeName: return compare_text(view(a.node_name), view(b.node_name));
        case Column::MicroStep: return three_way(a.micro_step, b.micro_step);
        case Column::Modified: return 0;  // 0 in every row
        case Column::MatchedLink: return compare_text(view(a.matched_node_link), view(b.matched_node_link));
        case Column::IsDistributed: return three_way(a.is_distributed, b.is_distributed);
    }
    return 0;
}

int NodeIndexKeys::compare_columns(std::span<const Column> key, const Row& a, const Row& b) const {
    for (const Column column : key) {
        if (const int c = compare_column(column, a, b); c != 0) return c;
    }
    return 0;
}

int NodeIndexKeys::compare(std::span<const Column> key, const Row& a, const Row& b) const {
    if (const int c = compare_columns(key, a, b); c != 0) return c;
    return three_way(a.rowid, b.rowid);
}

std::vector<std::uint32_t> NodeIndexKeys::up_node_ranks() const {
    std::unordered_map<std::string_view, std::uint32_t> ids;
    std::vector<std::string_view> distinct;
    std::vector<std::uint32_t> ranks(size_);
    for (std::size_t i = 0; i < size_; ++i) {
        const auto [at, added] = ids.try_emplace(view(row(i).up_node), static_cast<std::uint32_t>(distinct.size()));
        if (added) distinct.push_back(at->first);
        ranks[i] = at->second;
    }
    std::vector<std::uint32_t> sorted(distinct.size());
    std::iota(sorted.begin(), sorted.end(), std::uint32_t{0});
    std::sort(sorted.begin(), sorted.end(),
              [&](std::uint32_t a, std::uint32_t b) { return distinct[a] < distinct[b]; });
    std::vector<std::uint32_t> rank_of(distinct.size());
    for (std::size_t k = 0; k < sorted.size(); ++k) rank_of[sorted[k]] = static_cast<std::uint32_t>(k);
    for (std::uint32_t& r : ranks) r = rank_of[r];
    return ranks;
}

std::vector<std::uint32_t> NodeIndexKeys::order(NodeIndex index) const {
    check_loaded();
    std::vector<std::uint32_t> positions(size_);
    std::iota(positions.begin(), positions.end(), std::uint32_t{0});
    const std::span<const Column> key = columns(index);
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return compare(key, row(a), row(b)) < 0; };
    if (index == NodeIndex::IsDistributed) {
        // Rows stand in rowid order: the rows of each value keep it.
        std::stable_partition(positions.begin(), positions.end(),
                              [&](std::uint32_t p) { return !row(p).is_distributed; });
        return positions;
    }
    if (index == NodeIndex::Order || index == NodeIndex::SourceOrder) {
        // A graph's rows already stand in node_order (and rowid) order, with one step, rank and source.
        return merged_graph_runs(index, std::move(positions));
    }
    if (index == NodeIndex::Id || index == NodeIndex::NodeName) return order(index, by_name_within_graphs());
    if (index == NodeIndex::MicroStep) {
        // Order's rows (step, rank, node_order, rowid), stably sorted by step, rank and micro step: integers only.
        static constexpr Column kStepRankMicro[] = {Column::Step, Column::Rank, Column::MicroStep};
        positions = order(NodeIndex::Order);
        std::stable_sort(positions.begin(), positions.end(), [&](std::uint32_t a, std::uint32_t b) {
            return compare_columns(kStepRankMicro, row(a), row(b)) < 0;
        });
        return positions;
    }
    if (index == NodeIndex::UpNode) {
        // SourceOrder's rows (step, rank, data_source, node_order, rowid), each run of one step, rank and source
        // stably sorted by its up_node's rank: the texts are compared once per distinct parent.
        static constexpr Column kSource[] = {Column::Step, Column::Rank, Column::DataSource};
        positions = order(NodeIndex::SourceOrder);
        const std::vector<std::uint32_t> up = up_node_ranks();
        for (std::size_t begin = 0; begin < positions.size();) {
            std::size_t end = begin + 1;
            while (end < positions.size() &&
                   compare_columns(kSource, row(positions[begin]), row(positions[end])) == 0) {
                ++end;
            }
            std::stable_sort(positions.begin() + static_cast<std::ptrdiff_t>(begin),
                             positions.begin() + static_cast<std::ptrdiff_t>(end),
                             [&](std::uint32_t a, std::uint32_t b) { return up[a] < up[b]; });
            begin = end;
        }
        return positions;
    }
    std::sort(positions.begin(), positions.end(), less);
    return positions;
}

std::vector<std::uint32_t> NodeIndexKeys::merged_graph_runs(NodeIndex index,
                                                            std::vector<std::uint32_t> positions) const {
    const std::span<const Column> key = columns(index);
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return compare(key, row(a), row(b)) < 0; };
    // Each graph's rows are one run; the runs are merged pairwise.
    const std::vector<std::size_t> bounds = graph_bounds();
    for (std::size_t width = 1; width + 1 < bounds.size(); width *= 2) {
        for (std::size_t run = 0; run + width + 1 < bounds.size(); run += 2 * width) {
            const std::size_t end = std::min(run + 2 * width, bounds.size() - 1);
            std::inplace_merge(positions.begin() + static_cast<std::ptrdiff_t>(bounds[run]),
                               positions.begin() + static_cast<std::ptrdiff_t>(bounds[run + width]),
                               positions.begin() + static_cast<std::ptrdiff_t>(bounds[end]), less);
        }
    }
    return positions;
}

std::vector<std::uint32_t> NodeIndexKeys::by_name_within_graphs() const {
    check_loaded();
    std::vector<std::uint32_t> positions(size_);
    std::iota(positions.begin(), positions.end(), std::uint32_t{0});
    static constexpr Column kName[] = {Column::NodeName};
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return compare(kName, row(a), row(b)) < 0; };
    const std::vector<std::size_t> bounds = graph_bounds();
    for (std::size_t run = 0; run + 1 < bounds.size(); ++run) {
        std::sort(positions.begin() + static_cast<std::ptrdiff_t>(bounds[run]),
                  positions.begin() + static_cast<std::ptrdiff_t>(bounds[run + 1]), less);
    }
    return positions;
}

std::vector<std::size_t> NodeIndexKeys::graph_bounds() const {
    // A graph adds its rows together, so each graph's rows are one range of positions.
    std::vector<std::size_t> bounds{0};
    for (std::size_t p = 1; p < size_; ++p) {
        if (row(p).graph != row(p - 1).graph) bounds.push_back(p);
    }
    bounds.push_back(size_);
    return bounds;
}

std::vector<std::uint32_t> NodeIndexKeys::order(NodeIndex index, std::vector<std::uint32_t> by_name) const {
    if (index != NodeIndex::Id && index != NodeIndex::NodeName) return order(index);
    // Within a graph both orders are its names' (the id is the graph's prefix and the name), then the rowid.
    return merged_graph_runs(index, std::move(by_name));
}

void NodeIndexKeys::record(NodeIndex index, std::uint32_t position, report::SqliteRecord& out) const {
    check_loaded();
    const Row& kept = row(position);
    const Graph& graph = graphs_[kept.graph];
    out.clear();
    for (const Column column : columns(index)) {
        switch (column) {
            case Column::Id: out.text(id(position)); break;
            case Column::Step: out.integer(graph.step); break;
            case Column::Rank: out.integer(graph.rank); break;
            case Column::DataSource: out.text(view(graph.data_source)); break;
            case Column::UpNode: out.text(view(kept.up_node)); break;
            case Column::NodeOrder: out.integer(kept.node_order); break;
            case Column::NodeName: out.text(view(kept.node_name)); break;
            case Column::MicroStep: out.integer(kept.micro_step); break;
            case Column::Modified: out.integer(0); break;
            case Column::MatchedLink: out.text(view(kept.matched_node_link)); break;
            case Column::IsDistributed: out.integer(kept.is_distributed ? 1 : 0); break;
        }
    }
    out.integer(kept.rowid);
}

bool NodeIndexKeys::same_id(std::uint32_t a, std::uint32_t b) const {
    check_loaded();
    return compare_column(Column::Id, row(a), row(b)) == 0;
}

std::string NodeIndexKeys::id(std::uint32_t position) const {
    check_loaded();
    const Row& kept = row(position);
    std::string joined(view(graphs_[kept.graph].id_prefix));
    joined += view(kept.node_name);
    return joined;
}

}  // namespace msprobe::graph
