#include "graph/parallel_merge.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "common/error.hpp"
#include "common/log.hpp"
#include "graph/parallel_merge_items.hpp"
#include "graph/port_item_leaf.hpp"
#include "graph/pp_merge.hpp"

namespace msprobe::graph {

namespace {

using Groups = std::vector<std::vector<int>>;

constexpr std::string_view kCollection = "Apis_Between_Modules";
constexpr std::string_view kAllRanks = "Apis_Between_Modules_All_Ranks";

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

std::string last_segment(const std::string& id) { return id.substr(id.rfind('.') + 1); }

void rename_api(GraphNode& node, int rank) {
    const std::string old_id = node.id;
    node.id = rank_named_api(node.id, std::to_string(rank));
    rename_items(node, old_id);
}

// spec §8.3: each free API collection of the main graph and its namesakes in
// the other graphs become the children of one Apis_Between_Modules_All_Ranks.K.
void merge_api_collections(const std::vector<RankGraph>& group) {
    ModelGraph& main = *group.front().graph;
    std::vector<GraphNode*> children;
    int all_ranks = 0;
    for (GraphNode* node : main.root().children) {
        if (starts_with(node->id, kAllRanks)) {
            // A second merge level: the other graphs' sub-collections join the existing one.
            children.push_back(node);
            for (std::size_t g = 1; g < group.size(); ++g) {
                GraphNode* other = group[g].graph->find(node->id);
                if (other == nullptr) continue;
                for (GraphNode* sub : other->children) {
                    sub->parent = node;
                    main.index(*sub);
                    for (GraphNode* api : sub->children) main.index(*api);
                    node->children.push_back(sub);
                }
            }
        } else if (node->kind == NodeKind::ApiCollection && starts_with(node->id, kCollection)) {
            GraphNode& all = main.add(fmt::format("{}.{}", kAllRanks, all_ranks++), NodeKind::ApiCollection);
            all.parent = &main.root();
            children.push_back(&all);
            const std::string original = node->id;
            main.rename(*node, fmt::format("{}_Rank{}.{}", kCollection, group.front().rank, last_segment(original)));
            node->parent = &all;
            all.children.push_back(node);
            for (std::size_t g = 1; g < group.size(); ++g) {
                GraphNode* other = group[g].graph->find(original);
                if (other == nullptr) continue;
                other->id = fmt::format("{}_Rank{}.{}", kCollection, group[g].rank, last_segment(original));
                main.index(*other);
                for (GraphNode* api : other->children) {
                    rename_api(*api, group[g].rank);
                    main.index(*api);
                }
                other->parent = &all;
                all.children.push_back(other);
            }
        } else {
            children.push_back(node);
        }
    }
    main.root().children = std::move(children);
}

// spec §8.3: after a merge of both kinds, the ranks' sub-collections in rank order.
void sort_api_collections(ModelGraph& graph) {
    static const std::regex kRank(R"(_Rank(\d+))");
    const auto rank_of = [](const GraphNode* node) {
        std::smatch match;
        return std::regex_search(node->id, match, kRank) ? std::stoi(match[1].str()) : -1;
    };
    for (GraphNode* node : graph.root().children) {
        if (node->kind != NodeKind::ApiCollection || !starts_with(node->id, kAllRanks)) continue;
        std::stable_sort(node->children.begin(), node->children.end(),
                         [&](const GraphNode* a, const GraphNode* b) { return rank_of(a) < rank_of(b); });
    }
}

std::string groups_text(const Groups& groups) {
    std::vector<std::string> texts;
    for (const auto& g : groups) texts.push_back(fmt::format("[{}]", fmt::join(g, ", ")));
    return fmt::format("[{}]", fmt::join(texts, ", "));
}

// spec §8.2: the group of the first all_reduce / reduce_scatter of each rank
// that names one, else Megatron's default groups.
Groups tp_groups(const std::vector<RankGraph>& graphs, const ParallelParams& params) {
    Groups groups;
    for (const RankGraph& rank : graphs) {
        for (const auto& node : rank.graph->nodes()) {
            if (node->id.find("reduce_scatter") == std::string::npos &&
                node->id.find("all_reduce") == std::string::npos) {
                continue;
            }
            const PortItem* group = item_named(node->inputs, node->id + ".input.group");
            if (group != nullptr) {
                const LeafObject leaf(*group);
                const dump::JsonView ranks = leaf.member("group_ranks");
                if (ranks.is_array() && ranks.size() != 0) {
                    std::vector<int> list;
                    for (const dump::JsonView r : ranks.items()) {
                        if (const auto member = r.int32()) list.push_back(*member);
                    }
                    if (std::find(groups.begin(), groups.end(), list) == groups.end()) groups.push_back(list);
                }
            }
            break;
        }
    }
    if (groups.empty() || static_cast<int>(groups.front().size()) != params.tp) {
        log::info(
            "Unable to get tp groups based on Distributed Api (reduce_scatter or all_reduce), generate tp "
            "groups using parallel param \"rank_size\", \"tp\" and \"pp\".");
        groups = default_tp_groups(params);
    }
    return groups;
}

// The rank a rank's first point-to-point send goes to.
std::optional<int> send_target(const RankGraph& rank) {
    for (const auto& node : rank.graph->nodes()) {
        if (!starts_with(node->id, "Distributed.")) continue;
        if (node->id.find(".batch_isend_irecv.") != std::string::npos) {
            for (const BatchP2POp& op : node->rare().batch_p2p) {
                if (op.op != "isend" || !op.peer) continue;
                const int peer = std::atoi(op.peer->c_str());
                if (peer != rank.rank) return peer;
            }
        } else if (node->id.find(".send.") != std::string::npos || node->id.find(".isend.") != std::string::npos) {
            const PortItem* dst = item_named(node->inputs, node->id + ".input.dst");
            if (dst != nullptr) {
                const LeafObject leaf(*dst);
                if (const auto value = leaf.member("value").int32()) return *value;
            }
        }
    }
    return std::nullopt;
}

// spec §8.2: the chains of sends from rank to rank, else Megatron's default groups.
Groups pp_groups(const std::vector<RankGraph>& graphs, const ParallelParams& params) {
    std::vector<std::pair<int, int>> sends;  // in rank order
    for (const RankGraph& rank : graphs) {
        if (const auto target = send_target(rank)) sends.emplace_back(rank.rank, *target);
    }
    const std::map<int, int> next(sends.begin(), sends.end());
    Groups groups;
    std::set<int> visited;
    for (const auto& [start, target] : sends) {
        std::vector<int> chain;
        for (int r = start; next.count(r) && visited.insert(r).second; r = next.at(r)) chain.push_back(r);
        if (!chain.empty()) groups.push_back(std::move(chain));
    }
    const bool usable = !groups.empty() && std::all_of(groups.begin(), groups.end(), [&](const auto& g) {
        return static_cast<int>(g.size()) == params.pp;
    });
    if (!usable) {
        log::info(
            fmt::format("Based on Distributed Api (batch_isend_irecv, send, or isend), the pp groups are {}, "
                        "not of length pp ({}): generating pp groups from \"rank_size\", \"tp\" and \"pp\".",
                        groups_text(groups), params.pp));
        groups = default_pp_groups(params);
    }
    return groups;
}

// The strategies of spec §8.1 over the graphs of one step and one side.
class ParallelMerge {
public:
    ParallelMerge(const std::vector<RankGraph>& graphs, const ParallelParams& params, const std::string& side,
                  const std::string& file)
        : graphs_(graphs), params_(params), side_(side), file_(file) {
        for (const RankGraph& g : graphs) by_rank_[g.rank] = g.graph;
    }

    std::vector<RankGraph> tp_only() const {
        std::vector<RankGraph> merged;
        for (const auto& ranks : logged(tp_groups(graphs_, params_), "tp")) {
            const std::vector<RankGraph> group = graphs_of(ranks, "tp");
            merge_api_collections(group);
            merge_tp_group(group);
            merged.push_back(group.front());
        }
        return merged;
    }

    std::vector<RankGraph> pp_only() const {
        std::vector<RankGraph> merged;
        for (const auto& ranks : logged(pp_groups(graphs_, params_), "pp")) {
            const std::vector<RankGraph> group = graphs_of(ranks, "pp");
            merge_api_collections(group);
            merge_pp_group(group, params_.vpp);
            merged.push_back(group.front());
        }
        return merged;
    }

    // tp·pp = rank_size: all collections into rank 0, PP per PP group, then one
    // TP merge across the PP groups' main graphs.
    std::vector<RankGraph> tp_pp() const {
        const Groups pp = logged(pp_groups(graphs_, params_), "pp");
        const TpRankMapping mapping = stage_mapping(logged(tp_groups(graphs_, params_), "tp"));
        merge_api_collections(graphs_);
        std::vector<RankGraph> pp_mains;
        for (const auto& ranks : pp) {
            const std::vector<RankGraph> group = graphs_of(ranks, "pp");
            merge_pp_group(group, params_.vpp);
            pp_mains.push_back(group.front());
        }
        merge_tp_group(pp_mains, mapping);
        sort_api_collections(*pp_mains.front().graph);
        return {pp_mains.front()};
    }

    // Data parallelism besides: collections and PP per PP group, then per TP
    // group the PP results of its ranks: one graph per TP group that has any.
    std::vector<RankGraph> full() const {
        const Groups pp = logged(pp_groups(graphs_, params_), "pp");
        const Groups tp = logged(tp_groups(graphs_, params_), "tp");
        const TpRankMapping mapping = stage_mapping(tp);
        std::map<int, RankGraph> pp_mains;
        for (const auto& ranks : pp) {
            const std::vector<RankGraph> group = graphs_of(ranks, "pp");
            merge_api_collections(group);
            merge_pp_group(group, params_.vpp);
            pp_mains[group.front().rank] = group.front();
        }
        std::vector<RankGraph> merged;
        for (const auto& ranks : tp) {
            std::vector<RankGraph> group;
            for (const int rank : ranks) {
                const auto found = pp_mains.find(rank);
                if (found != pp_mains.end()) group.push_back(found->second);
            }
            if (group.empty()) continue;
            merge_api_collections(group);
            merge_tp_group(group, mapping);
            sort_api_collections(*group.front().graph);
            merged.push_back(group.front());
        }
        return merged;
    }

private:
    Groups logged(Groups groups, const char* kind) const {
        log::info(fmt::format("[{}] All {} groups is {}.", side_, kind, groups_text(groups)));
        return groups;
    }

    std::vector<RankGraph> graphs_of(const std::vector<int>& ranks, const char* kind) const {
        std::vector<RankGraph> group;
        for (const int rank : ranks) {
            const auto found = by_rank_.find(rank);
            if (found == by_rank_.end()) {
                throw Error(file_, fmt::format("parallel_merge: the {} group {} names rank {}, which has no dump", kind,
                                               groups_text({ranks}), rank));
            }
            group.push_back({rank, found->second});
        }
        return group;
    }

    // The main graphs of a TP merge after PP are the first TP group's ranks'; a
    // node another stage ran is named after that stage's rank, which heads its
    // own TP group: the group's other ranks name its partners.
    static TpRankMapping stage_mapping(const Groups& tp) {
        TpRankMapping mapping;
        for (std::size_t g = 1; g < tp.size(); ++g) mapping[tp[g].front()] = {tp[g].begin() + 1, tp[g].end()};
        return mapping;
    }

    const std::vector<RankGraph>& graphs_;
    const ParallelParams& params_;
    const std::string& side_;
    const std::string& file_;
    std::map<int, ModelGraph*> by_rank_;
};

}  // namespace

MergeStrategy merge_strategy(const ParallelParams& params) {
    if (params.tp == 1 && params.pp == 1 && params.rank_size == 1) return MergeStrategy::None;
    if (params.tp == params.rank_size) return MergeStrategy::Tp;
    if (params.pp == params.rank_size) return MergeStrategy::Pp;
    if (params.pp == 1) return MergeStrategy::Tp;
    if (params.tp == 1) return MergeStrategy::Pp;
    if (params.tp * params.pp == params.rank_size) return MergeStrategy::TpPp;
    return MergeStrategy::Full;
}

std::vector<RankGraph> merge_parallel_graphs(const std::vector<RankGraph>& graphs, const ParallelParams& params,
                                             const std::string& side, const std::string& file) {
    for (const RankGraph& g : graphs) {
        for (const auto& node : g.graph->nodes()) node->rank = g.rank;
    }
    const ParallelMerge merge(graphs, params, side, file);
    switch (merge_strategy(params)) {
        case MergeStrategy::None: merge_api_collections(graphs); return graphs;
        case MergeStrategy::Tp: return merge.tp_only();
        case MergeStrategy::Pp: return merge.pp_only();
        case MergeStrategy::TpPp: return merge.tp_pp();
        case MergeStrategy::Full: return merge.full();
    }
    return graphs;
}

}  // namespace msprobe::graph
