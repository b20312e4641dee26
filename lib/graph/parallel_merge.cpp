#include "graph/parallel_merge.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_set>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_text.hpp"

namespace msprobe::graph {

namespace {

constexpr std::string_view kCollection = "Apis_Between_Modules";
constexpr std::string_view kAllRanks = "Apis_Between_Modules_All_Ranks";

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
        text.replace(at, from.size(), to);
    }
}

std::string last_segment(const std::string& id) { return id.substr(id.rfind('.') + 1); }

// An API of another rank keeps its place in the viewer under a name of its
// own: Functional.linear.1.backward → Functional.linear_rank1.1.backward.
void rename_api(GraphNode& node, int rank) {
    const std::string old_id = node.id;
    const auto first = node.id.find('.');
    if (first == std::string::npos) return;
    const auto second = node.id.find('.', first + 1);
    node.id.insert(second == std::string::npos ? node.id.size() : second, fmt::format("_rank{}", rank));
    for (auto* items : {&node.inputs, &node.outputs}) {
        for (PortItem& item : *items) replace_all(item.key, old_id, node.id);
    }
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
                    node->children.push_back(sub);
                }
            }
        } else if (node->kind == NodeKind::ApiCollection && starts_with(node->id, kCollection)) {
            GraphNode& all = main.add(fmt::format("{}.{}", kAllRanks, all_ranks++), NodeKind::ApiCollection);
            all.parent = &main.root();
            children.push_back(&all);
            const std::string original = node->id;
            node->id = fmt::format("{}_Rank{}.{}", kCollection, group.front().rank, last_segment(original));
            node->parent = &all;
            all.children.push_back(node);
            for (std::size_t g = 1; g < group.size(); ++g) {
                GraphNode* other = group[g].graph->find(original);
                if (other == nullptr) continue;
                other->id = fmt::format("{}_Rank{}.{}", kCollection, group[g].rank, last_segment(original));
                for (GraphNode* api : other->children) rename_api(*api, group[g].rank);
                other->parent = &all;
                all.children.push_back(other);
            }
        } else {
            children.push_back(node);
        }
    }
    main.root().children = std::move(children);
}

// A statistic as Python holds it: an int or a float.
struct Number {
    double value = 0;
    bool integer = false;

    std::string text() const {
        return integer ? fmt::format("{}", static_cast<long long>(value)) : py::float_repr(value);
    }
};

std::optional<Number> number_of(const dump::StatValue& stat) {
    if (stat.kind != dump::StatValue::Kind::Number) return std::nullopt;
    return Number{stat.number, stat.integer};
}

bool mergeable_dtype(const std::string& dtype) {
    static const std::unordered_set<std::string> kDtypes = {
        "torch.int8",    "torch.int16",   "torch.int32",    "torch.int64",    "torch.uint8",
        "torch.float16", "torch.float32", "torch.float64",  "torch.bfloat16", "Float16",
        "Float32",       "BFloat16"};
    return kDtypes.count(dtype) > 0;
}

// Ranks do not compute Mean and Norm deterministically: a relative difference
// below 1e-6 counts as equal (absolute when the main value is 0).
bool same_value(const dump::StatValue& a, const dump::StatValue& b, bool uncertain) {
    const auto x = number_of(a), y = number_of(b);
    if (!x || !y) return true;
    if (!uncertain) return x->value == y->value;
    const double diff = std::fabs(x->value - y->value);
    if (std::isnan(diff)) return std::isnan(x->value) && std::isnan(y->value);
    if (std::isinf(diff)) return std::isinf(x->value) && std::isinf(y->value);
    constexpr double kThreshold = 1e-6;
    return x->value == 0 ? diff < kThreshold : std::fabs(diff / x->value) < kThreshold;
}

bool same_item(const PortItem& a, const PortItem& b) {
    for (std::size_t s = 0; s < 4; ++s) {
        if (!same_value(a.row.stats[s], b.row.stats[s], s >= 2)) return false;
    }
    return true;
}

const PortItem* item_named(const std::vector<PortItem>& items, const std::string& key) {
    for (const PortItem& item : items) {
        if (item.key == key) return &item;
    }
    return nullptr;
}

// An item whose statistics differ between the ranks: the main item, then its partners'.
struct SplitItem {
    std::string name;  // the key without "<node id>."
    PortItem* main = nullptr;
    std::vector<const PortItem*> partners;
};

std::vector<SplitItem> split_items(GraphNode& node, std::vector<PortItem> GraphNode::*side,
                                   const std::vector<const GraphNode*>& partners) {
    std::vector<SplitItem> split;
    if (partners.empty()) return split;
    for (PortItem& item : node.*side) {
        if (!mergeable_dtype(item.row.dtype)) continue;
        SplitItem entry{item.key, &item, {}};
        replace_all(entry.name, node.id + ".", "");
        bool same = true;
        for (const GraphNode* partner : partners) {
            const PortItem* other = item_named(partner->*side, item.key);
            if (other == nullptr || !mergeable_dtype(other->row.dtype)) break;
            entry.partners.push_back(other);
            if (!same_item(item, *other)) same = false;
        }
        if (!same) split.push_back(std::move(entry));
    }
    return split;
}

class TpMerge {
public:
    explicit TpMerge(rapidjson::Document& leaves) : leaves_(leaves) {}

    void merge_group(const std::vector<RankGraph>& group) {
        ModelGraph& main = *group.front().graph;
        for (const auto& owned : main.nodes()) {
            GraphNode& node = *owned;
            if (node.parent == nullptr || node.parent->kind != NodeKind::Module) continue;
            if (node.parent->id == "clip_grad" || node.parent->id == "optimizer") continue;
            if (starts_with(node.id, "Distributed") || !node.parallel_merge_info.empty()) continue;
            std::vector<int> ranks{group.front().rank};
            const auto partners = partners_of(node, group, ranks);
            auto split = split_items(node, &GraphNode::inputs, partners);
            auto outputs = split_items(node, &GraphNode::outputs, partners);
            if (split.empty() && outputs.empty()) continue;
            split.insert(split.end(), std::make_move_iterator(outputs.begin()), std::make_move_iterator(outputs.end()));
            node.parallel_merge_info.push_back(fmt::format(
                "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [{}].",
                fmt::join(ranks, ", ")));
            for (SplitItem& item : split) merge_item(item, node.parallel_merge_info);
        }
    }

private:
    // The same node in every other graph of the group, under the same ancestors; none unless all have it.
    static std::vector<const GraphNode*> partners_of(const GraphNode& node, const std::vector<RankGraph>& group,
                                                     std::vector<int>& ranks) {
        std::vector<const GraphNode*> partners;
        const auto ancestors = ancestor_ids(node);
        for (std::size_t g = 1; g < group.size(); ++g) {
            const GraphNode* other = group[g].graph->find(node.id);
            if (other == nullptr || other->id != node.id || ancestor_ids(*other) != ancestors) return {};
            partners.push_back(other);
            ranks.push_back(group[g].rank);
        }
        return partners;
    }

    // Max of the maxima, min of the minima, mean of the means, root of the sum
    // of squared norms; each with its formula, in msprobe's words.
    void merge_item(SplitItem& item, std::vector<std::string>& info) {
        std::vector<const PortItem*> all{item.main};
        all.insert(all.end(), item.partners.begin(), item.partners.end());
        std::vector<std::array<Number, 4>> values;
        for (const PortItem* p : all) {
            std::array<Number, 4> stats;
            for (std::size_t s = 0; s < 4; ++s) {
                const auto n = number_of(p->row.stats[s]);
                if (!n) return;  // a statistic that is not a number cannot be merged
                stats[s] = *n;
            }
            values.push_back(stats);
        }
        const auto texts = [&](std::size_t s, const char* format) {
            std::vector<std::string> out;
            for (const auto& v : values) out.push_back(fmt::format(fmt::runtime(format), v[s].text()));
            return out;
        };
        Number max = values[0][0], min = values[0][1];
        double mean = 0, squares = 0;
        for (const auto& v : values) {
            if (v[0].value > max.value) max = v[0];
            if (v[1].value < min.value) min = v[1];
            mean += v[2].value;
            squares += std::pow(v[3].value, 2.0);
        }
        const Number merged_mean{mean / static_cast<double>(values.size()), false};
        const Number norm{std::pow(squares, 0.5), false};
        const std::string& key = item.name;
        info.push_back(fmt::format("The Max value merging method for {} is: max({}) = {}", key,
                                   fmt::join(texts(0, "{}"), ", "), max.text()));
        info.push_back(fmt::format("The Min value merging method for {} is: min({}) = {}", key,
                                   fmt::join(texts(1, "{}"), ", "), min.text()));
        info.push_back(fmt::format("The Mean value merging method for {} is: ({}) / {} = {}", key,
                                   fmt::join(texts(2, "{}"), " + "), values.size(), merged_mean.text()));
        info.push_back(fmt::format("The Norm value merging method for {} is: ({}) ** 0.5 = {}", key,
                                   fmt::join(texts(3, "{} ** 2"), " + "), norm.text()));
        set_stats(*item.main, {max, min, merged_mean, norm});
    }

    // The main item shows the merged statistics from now on.
    void set_stats(PortItem& item, const std::array<Number, 4>& stats) {
        static constexpr std::array<const char*, 4> kNames = {"Max", "Min", "Mean", "Norm"};
        auto& allocator = leaves_.GetAllocator();
        auto* leaf = new (allocator.Malloc(sizeof(rapidjson::Value))) rapidjson::Value(rapidjson::kObjectType);
        if (item.leaf != nullptr && item.leaf->IsObject()) leaf->CopyFrom(*item.leaf, allocator);
        for (std::size_t s = 0; s < 4; ++s) {
            rapidjson::Value value;
            if (stats[s].integer) value.SetInt64(static_cast<std::int64_t>(stats[s].value));
            else value.SetDouble(stats[s].value);
            const auto member = leaf->FindMember(kNames[s]);
            if (member != leaf->MemberEnd()) member->value = value;
            else leaf->AddMember(rapidjson::StringRef(kNames[s]), value, allocator);
            item.row.stats[s] = stats[s].integer ? dump::StatValue::of_integer(static_cast<std::int64_t>(stats[s].value))
                                                  : dump::StatValue::of_number(stats[s].value);
        }
        item.leaf = leaf;
    }

    rapidjson::Document& leaves_;
};

// spec §8.2: the group of the first all_reduce / reduce_scatter of each rank
// that names one, else Megatron's default groups.
std::vector<std::vector<int>> tp_groups(const std::vector<RankGraph>& graphs, const ParallelParams& params) {
    std::vector<std::vector<int>> groups;
    for (const RankGraph& rank : graphs) {
        for (const auto& node : rank.graph->nodes()) {
            if (node->id.find("reduce_scatter") == std::string::npos && node->id.find("all_reduce") == std::string::npos) {
                continue;
            }
            const PortItem* group = item_named(node->inputs, node->id + ".input.group");
            if (group != nullptr && group->leaf != nullptr && group->leaf->IsObject()) {
                const auto ranks = group->leaf->FindMember("group_ranks");
                if (ranks != group->leaf->MemberEnd() && ranks->value.IsArray() && !ranks->value.Empty()) {
                    std::vector<int> list;
                    for (const auto& r : ranks->value.GetArray()) {
                        if (r.IsInt()) list.push_back(r.GetInt());
                    }
                    if (std::find(groups.begin(), groups.end(), list) == groups.end()) groups.push_back(list);
                }
            }
            break;
        }
    }
    if (groups.empty() || static_cast<int>(groups.front().size()) != params.tp) {
        log::info("Unable to get tp groups based on Distributed Api (reduce_scatter or all_reduce), generate tp "
                  "groups using parallel param \"rank_size\", \"tp\" and \"pp\".");
        groups = default_tp_groups(params);
    }
    return groups;
}

}  // namespace

bool parallel_merge_provided(const ParallelParams& params) {
    const bool none = params.tp == 1 && params.pp == 1 && params.rank_size == 1;
    const bool tp_only = params.tp == params.rank_size || params.pp == 1;
    return none || tp_only;
}

std::vector<RankGraph> ParallelMerge::merge(const std::vector<RankGraph>& graphs, const ParallelParams& params,
                                            const std::string& side, const std::string& file) {
    if (params.tp == 1 && params.pp == 1 && params.rank_size == 1) {
        merge_api_collections(graphs);
        return graphs;
    }
    const auto groups = tp_groups(graphs, params);
    std::vector<std::string> texts;
    for (const auto& g : groups) texts.push_back(fmt::format("[{}]", fmt::join(g, ", ")));
    log::info(fmt::format("[{}] All tp groups is [{}].", side, fmt::join(texts, ", ")));
    std::map<int, ModelGraph*> by_rank;
    for (const RankGraph& g : graphs) by_rank[g.rank] = g.graph;
    TpMerge tp(leaves_);
    std::vector<RankGraph> merged;
    for (const auto& ranks : groups) {
        std::vector<RankGraph> group;
        for (const int rank : ranks) {
            const auto found = by_rank.find(rank);
            if (found == by_rank.end()) {
                throw Error(file, fmt::format("parallel_merge: the tp group [{}] names rank {}, which has no dump",
                                              fmt::join(ranks, ", "), rank));
            }
            group.push_back({rank, found->second});
        }
        merge_api_collections(group);
        if (group.size() > 1) tp.merge_group(group);
        merged.push_back(group.front());
    }
    return merged;
}

}  // namespace msprobe::graph
