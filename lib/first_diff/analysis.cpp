#include "first_diff/analysis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

#include "common/error.hpp"
#include "common/log.hpp"

namespace msprobe::first_diff {

namespace {

using Handle = std::size_t;  // index into Graph::nodes

// A communication node of one rank's chain, linked to its peers on other ranks.
struct CommNode {
    std::size_t rank_pos = 0;  // position of its rank in the ascending rank list
    std::size_t index = 0;     // into that rank's ops
    std::string id;            // "{rank}.{key}"
    std::string api;
    const CommFacts* facts = nullptr;
    bool data_flagged = false;
    int data_sub_layer = 0;  // compute ops between the previous communication op and this one
    int layer = 0;
    bool deleted = false;
    std::set<Handle> links, srcs, dsts;
    std::vector<Finding> compute_ops;  // flagged compute ops since the previous communication op
};

class Search {
public:
    Search(const std::vector<RankOps>& ranks, const AnalysisRules& rules) : rules_(rules) {
        for (const auto& r : ranks) ranks_.push_back(&r);
        std::stable_sort(ranks_.begin(), ranks_.end(),
                         [](const RankOps* a, const RankOps* b) { return a->rank < b->rank; });
        chains_.resize(ranks_.size());
    }

    AnalysisResult run() {
        AnalysisResult result;
        log::info(fmt::format("Start searching {} node before communication.", rules_.what));
        result.findings = before_communication();
        if (!result.findings.empty()) return result;

        log::info(fmt::format("Start searching {} node during communication.", rules_.what));
        result.phase = Phase::DuringCommunication;
        for (std::size_t p = 0; p < ranks_.size(); ++p) build_chain(p);
        connect();
        prune();
        result.findings = search();
        if (!result.findings.empty()) return result;

        log::info(fmt::format("Start searching {} node after communication.", rules_.what));
        result.phase = Phase::AfterCommunication;
        for (std::size_t p = 0; p < ranks_.size(); ++p) {
            if (!after_comm_[p].empty()) result.findings.push_back(after_comm_[p].front());
        }
        return result;
    }

private:
    // Phase 1: per rank, the first flagged compute op before any communication.
    std::vector<Finding> before_communication() {
        std::vector<Finding> found;
        first_comm_.assign(ranks_.size(), std::nullopt);
        after_comm_.assign(ranks_.size(), {});
        for (std::size_t p = 0; p < ranks_.size(); ++p) {
            const auto& ops = ranks_[p]->ops;
            if (ops.empty()) log::warning(fmt::format("Rank {} has no dump data!", ranks_[p]->rank));
            for (std::size_t i = 0; i < ops.size(); ++i) {
                if (ops[i].kind == OpKind::Ignored) continue;
                if (ops[i].kind == OpKind::Communication) {
                    first_comm_[p] = i;
                    break;
                }
                if (ops[i].flagged) {
                    found.push_back({ranks_[p]->rank, i, 0, 0});
                    break;
                }
            }
        }
        return found;
    }

    // Phase 2, step 1: the rank's communication nodes from its first one on,
    // each carrying the flagged compute ops executed since the previous one.
    void build_chain(std::size_t p) {
        if (!first_comm_[p]) return;
        const RankOps& rank = *ranks_[p];
        std::vector<Finding> pending;
        int sub = 0;
        for (std::size_t i = *first_comm_[p]; i < rank.ops.size(); ++i) {
            const RankOp& op = rank.ops[i];
            if (op.kind == OpKind::Ignored) continue;
            if (op.kind == OpKind::Compute) {
                if (op.flagged) pending.push_back({rank.rank, i, 0, sub});
                ++sub;
                continue;
            }
            auto api = comm_api(op.name);
            if (!api) throw Error(rank.source, fmt::format("invalid op_name: {}", op.name));
            CommNode node;
            node.rank_pos = p;
            node.index = i;
            node.id = fmt::format("{}.{}", rank.rank, op.name);
            node.api = std::move(*api);
            node.facts = &op.comm;
            node.data_flagged = op.flagged;
            node.data_sub_layer = sub;
            node.layer = chains_[p].empty() ? 0 : nodes_[chains_[p].back()].layer + 1;
            node.compute_ops = std::move(pending);
            pending.clear();
            sub = 0;
            chains_[p].push_back(nodes_.size());
            nodes_.push_back(std::move(node));
        }
        after_comm_[p] = std::move(pending);
    }

    std::optional<std::size_t> rank_position(std::int64_t rank) const {
        for (std::size_t p = 0; p < ranks_.size(); ++p) {
            if (ranks_[p]->rank == rank) return p;
        }
        return std::nullopt;
    }

    // Phase 2, step 2: every rank but the last searches the later ranks for
    // the peers of its communication nodes, in chain order.
    void connect() {
        std::set<std::int64_t> searched;
        for (std::size_t p = 0; p + 1 < ranks_.size(); ++p) {
            searched.insert(ranks_[p]->rank);
            std::set<Handle> seen;
            std::optional<Handle> previous;
            for (const Handle cur : chains_[p]) {
                if (rules_.monotonic_layer_fix && previous && nodes_[*previous].layer >= nodes_[cur].layer) {
                    nodes_[cur].layer = nodes_[*previous].layer + 1;
                }
                previous = cur;
                if (!connect_node(cur, searched, seen)) {
                    log::debug(fmt::format("Cannot find connected communication node for \"{}\".", nodes_[cur].id));
                }
            }
        }
    }

    bool connect_node(Handle cur, const std::set<std::int64_t>& searched, std::set<Handle>& seen) {
        const CommNode& node = nodes_[cur];
        std::set<std::int64_t> targets(node.facts->ranks.begin(), node.facts->ranks.end());
        if (targets.empty()) {
            for (const auto* r : ranks_) targets.insert(r->rank);
        }
        const CommRole wanted = opposite(node.facts->role);
        const std::string wanted_api = peer_api(node.api);
        const std::string api = "Distributed." + wanted_api;
        const std::int64_t own_rank = ranks_[node.rank_pos]->rank;
        bool found = false;
        for (const std::int64_t t : targets) {
            if (searched.count(t)) continue;
            const auto tp = rank_position(t);
            if (!tp) continue;  // a rank the dump does not hold (msprobe crashes here)
            const std::string prefix = fmt::format("{}.{}", t, api);
            for (const Handle s : chains_[*tp]) {
                if (seen.count(s)) continue;
                const CommNode& candidate = nodes_[s];
                const bool named =
                    rules_.exact_peer_api ? candidate.api == wanted_api : candidate.id.starts_with(prefix);
                if (!named || candidate.facts->role != wanted) continue;
                const auto& their = candidate.facts->ranks;
                const bool open_collective = their.empty() && !directed_role(candidate.api);
                if (!open_collective && std::find(their.begin(), their.end(), own_rank) == their.end()) continue;
                join(cur, s);
                seen.insert(s);
                found = true;
                break;
            }
        }
        return found;
    }

    void join(Handle cur, Handle s) {
        CommNode& a = nodes_[cur];
        CommNode& b = nodes_[s];
        b.layer = a.layer;
        if (b.facts->role == CommRole::Dst) {
            a.dsts.insert(s);
            b.srcs.insert(cur);
        } else if (b.facts->role == CommRole::Src) {
            b.dsts.insert(cur);
            a.srcs.insert(s);
        } else {
            a.links.insert(s);
            b.links.insert(cur);
        }
    }

    // Phase 2, step 3: nodes that neither are flagged themselves nor carry
    // flagged compute ops leave the graph.
    void prune() {
        for (Handle h = 0; h < nodes_.size(); ++h) {
            CommNode& node = nodes_[h];
            if (node.facts->keeps_itself || !node.compute_ops.empty()) continue;
            node.deleted = true;
            for (const Handle n : node.links) nodes_[n].links.erase(h);
            for (const Handle n : node.srcs) nodes_[n].dsts.erase(h);
            for (const Handle n : node.dsts) nodes_[n].srcs.erase(h);
        }
    }

    std::vector<Handle> members_of(Handle start) const {
        std::set<Handle> members{start};
        std::deque<Handle> queue{start};
        while (!queue.empty()) {
            const CommNode& node = nodes_[queue.front()];
            queue.pop_front();
            for (const auto* relation : {&node.links, &node.srcs, &node.dsts}) {
                for (const Handle n : *relation) {
                    if (members.insert(n).second) queue.push_back(n);
                }
            }
        }
        std::vector<Handle> ordered(members.begin(), members.end());
        std::sort(ordered.begin(), ordered.end(), [&](Handle x, Handle y) {
            return std::tie(nodes_[x].rank_pos, nodes_[x].index) < std::tie(nodes_[y].rank_pos, nodes_[y].index);
        });
        return ordered;
    }

    // A group's candidates: the compute ops its members carry, then the
    // members that are flagged themselves.
    void add_candidates(const std::vector<Handle>& group, std::vector<Finding>& candidates) const {
        for (const Handle h : group) {
            const CommNode& node = nodes_[h];
            if (!node.facts->feeds_compute_ops) continue;
            for (Finding op : node.compute_ops) {
                op.layer = node.layer;
                candidates.push_back(op);
            }
        }
        for (const Handle h : group) {
            const CommNode& node = nodes_[h];
            if (node.data_flagged) {
                candidates.push_back({ranks_[node.rank_pos]->rank, node.index, node.layer, node.data_sub_layer});
            }
        }
    }

    // Phase 2, step 4: rounds over the ranks' remaining nodes in layer order.
    std::vector<Finding> search() {
        std::vector<std::deque<Handle>> queues(ranks_.size());
        for (std::size_t p = 0; p < ranks_.size(); ++p) {
            for (const Handle h : chains_[p]) {
                if (!nodes_[h].deleted) queues[p].push_back(h);
            }
            std::stable_sort(queues[p].begin(), queues[p].end(),
                             [&](Handle x, Handle y) { return nodes_[x].layer < nodes_[y].layer; });
        }
        std::set<Handle> seen;
        auto pop_unseen = [&](std::deque<Handle>& queue) -> std::optional<Handle> {
            while (!queue.empty()) {
                const Handle h = queue.front();
                queue.pop_front();
                if (!seen.count(h)) return h;
            }
            return std::nullopt;
        };
        while (std::any_of(queues.begin(), queues.end(), [](const auto& q) { return !q.empty(); })) {
            std::vector<std::vector<Handle>> groups;
            std::set<Handle> grouped;
            for (auto& queue : queues) {
                const auto node = pop_unseen(queue);
                if (!node || grouped.count(*node)) continue;
                groups.push_back(members_of(*node));
                grouped.insert(groups.back().begin(), groups.back().end());
            }
            std::vector<Finding> candidates;
            for (const auto& group : groups) {
                seen.insert(group.begin(), group.end());
                add_candidates(group, candidates);
            }
            if (!candidates.empty()) return select(std::move(candidates));
        }
        return {};
    }

    std::vector<Finding> select(std::vector<Finding> candidates) const {
        auto key = [](const Finding& f) { return std::make_pair(f.layer, f.sub_layer); };
        const auto best = key(*std::min_element(candidates.begin(), candidates.end(),
                                                [&](const Finding& a, const Finding& b) { return key(a) < key(b); }));
        std::vector<Finding> chosen;
        for (const auto& c : candidates) {
            if (key(c) != best) continue;
            chosen.push_back(c);
            if (!rules_.keep_all_minimal) break;
        }
        std::stable_sort(chosen.begin(), chosen.end(), [](const Finding& a, const Finding& b) {
            return std::tie(a.rank, a.layer, a.sub_layer, a.index) < std::tie(b.rank, b.layer, b.sub_layer, b.index);
        });
        return chosen;
    }

    const AnalysisRules& rules_;
    std::vector<const RankOps*> ranks_;                     // ascending rank
    std::vector<std::optional<std::size_t>> first_comm_;   // per rank position
    std::vector<std::vector<Finding>> after_comm_;          // per rank position
    std::vector<CommNode> nodes_;
    std::vector<std::vector<Handle>> chains_;  // per rank position, chain order
};

}  // namespace

AnalysisResult find_first(const std::vector<RankOps>& ranks, const AnalysisRules& rules) {
    return Search(ranks, rules).run();
}

}  // namespace msprobe::first_diff
