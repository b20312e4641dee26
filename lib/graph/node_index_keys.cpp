#include "graph/node_index_keys.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>
#include <stdexcept>

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
    const Text kept{texts_.size(), static_cast<std::uint32_t>(text.size())};
    texts_.append(text);
    return kept;
}

void NodeIndexKeys::begin_graph(std::string_view graph_id, std::string_view data_source, std::int64_t step,
                                std::int64_t rank) {
    Graph graph;
    graph.id_prefix = keep(graph_id);
    texts_ += '_';
    ++graph.id_prefix.size;
    graph.data_source = keep(data_source);
    graph.step = step;
    graph.rank = rank;
    graphs_.push_back(graph);
}

void NodeIndexKeys::add(const NodeKeyValues& row) {
    if (graphs_.empty()) throw std::logic_error("NodeIndexKeys::add before begin_graph");
    if (rows_.size() == std::numeric_limits<std::uint32_t>::max()) throw std::length_error("too many rows");
    rows_.push_back({row.rowid, row.node_order, row.micro_step, keep(row.node_name), keep(row.up_node),
                     keep(row.matched_node_link), static_cast<std::uint32_t>(graphs_.size() - 1), row.is_distributed});
}

void NodeIndexKeys::reserve(std::size_t rows, std::size_t text_bytes) {
    rows_.reserve(rows_.size() + rows);
    texts_.reserve(texts_.size() + rows * text_bytes);
}

int NodeIndexKeys::compare(NodeIndex index, const Row& a, const Row& b) const {
    const Graph& ga = graphs_[a.graph];
    const Graph& gb = graphs_[b.graph];
    int c = 0;
    switch (index) {
        case NodeIndex::Id:
            c = compare_joined(view(ga.id_prefix), view(a.node_name), view(gb.id_prefix), view(b.node_name));
            break;
        case NodeIndex::IsDistributed: c = three_way(a.is_distributed, b.is_distributed); break;
        default:
            if ((c = three_way(ga.step, gb.step)) != 0) break;
            if ((c = three_way(ga.rank, gb.rank)) != 0) break;
            switch (index) {
                case NodeIndex::UpNode:
                    if ((c = compare_text(view(ga.data_source), view(gb.data_source))) != 0) break;
                    if ((c = compare_text(view(a.up_node), view(b.up_node))) != 0) break;
                    c = three_way(a.node_order, b.node_order);
                    break;
                case NodeIndex::NodeName:
                    if ((c = compare_text(view(ga.data_source), view(gb.data_source))) != 0) break;
                    c = compare_text(view(a.node_name), view(b.node_name));
                    break;
                case NodeIndex::SourceOrder:
                    if ((c = compare_text(view(ga.data_source), view(gb.data_source))) != 0) break;
                    c = three_way(a.node_order, b.node_order);
                    break;
                case NodeIndex::Order: c = three_way(a.node_order, b.node_order); break;
                case NodeIndex::MicroStep:
                    if ((c = three_way(a.micro_step, b.micro_step)) != 0) break;
                    c = three_way(a.node_order, b.node_order);
                    break;
                case NodeIndex::MatchedLink:  // modified is 0 in every row
                    c = compare_text(view(a.matched_node_link), view(b.matched_node_link));
                    break;
                default: break;
            }
    }
    return c != 0 ? c : three_way(a.rowid, b.rowid);
}

std::vector<std::uint32_t> NodeIndexKeys::order(NodeIndex index) const {
    std::vector<std::uint32_t> positions(rows_.size());
    std::iota(positions.begin(), positions.end(), std::uint32_t{0});
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return compare(index, rows_[a], rows_[b]) < 0; };
    if (index == NodeIndex::IsDistributed) {
        // Rows stand in rowid order: the rows of each value keep it.
        std::stable_partition(positions.begin(), positions.end(),
                              [&](std::uint32_t p) { return !rows_[p].is_distributed; });
        return positions;
    }
    if (index == NodeIndex::Order || index == NodeIndex::SourceOrder) {
        // A graph's rows already stand in node_order (and rowid) order, with one step, rank and source: each
        // graph is a sorted run, and the runs are merged pairwise.
        std::vector<std::size_t> bounds{0};
        for (std::size_t p = 1; p < rows_.size(); ++p) {
            if (rows_[p].graph != rows_[p - 1].graph) bounds.push_back(p);
        }
        bounds.push_back(rows_.size());
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
    std::sort(positions.begin(), positions.end(), less);
    return positions;
}

void NodeIndexKeys::record(NodeIndex index, std::uint32_t position, report::SqliteRecord& out) const {
    const Row& row = rows_[position];
    const Graph& graph = graphs_[row.graph];
    out.clear();
    switch (index) {
        case NodeIndex::Id: out.text(id(position)); break;
        case NodeIndex::IsDistributed: out.integer(row.is_distributed ? 1 : 0); break;
        default:
            out.integer(graph.step);
            out.integer(graph.rank);
            switch (index) {
                case NodeIndex::UpNode:
                    out.text(view(graph.data_source));
                    out.text(view(row.up_node));
                    out.integer(row.node_order);
                    break;
                case NodeIndex::NodeName:
                    out.text(view(graph.data_source));
                    out.text(view(row.node_name));
                    break;
                case NodeIndex::SourceOrder:
                    out.text(view(graph.data_source));
                    out.integer(row.node_order);
                    break;
                case NodeIndex::Order: out.integer(row.node_order); break;
                case NodeIndex::MicroStep:
                    out.integer(row.micro_step);
                    out.integer(row.node_order);
                    break;
                case NodeIndex::MatchedLink:
                    out.integer(0);
                    out.text(view(row.matched_node_link));
                    break;
                default: break;
            }
    }
    out.integer(row.rowid);
}

bool NodeIndexKeys::same_id(std::uint32_t a, std::uint32_t b) const {
    const Row& ra = rows_[a];
    const Row& rb = rows_[b];
    return compare_joined(view(graphs_[ra.graph].id_prefix), view(ra.node_name), view(graphs_[rb.graph].id_prefix),
                          view(rb.node_name)) == 0;
}

std::string NodeIndexKeys::id(std::uint32_t position) const {
    const Row& row = rows_[position];
    std::string joined(view(graphs_[row.graph].id_prefix));
    joined += view(row.node_name);
    return joined;
}

}  // namespace msprobe::graph
