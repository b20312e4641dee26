#include "graph/tp_merge.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <cmath>
#include <optional>
#include <regex>

#include "common/python_text.hpp"
#include "graph/ancestor_paths.hpp"
#include "graph/item_text.hpp"
#include "graph/parallel_merge_items.hpp"

namespace msprobe::graph {

namespace {

// A statistic as Python holds it: an int or a float.
struct Number {
    double value = 0;
    bool integer = false;

    std::string text() const {
        return integer ? fmt::format("{}", static_cast<long long>(value)) : py::float_repr(value);
    }
};

using Stats = std::array<Number, 4>;  // Max, Min, Mean, Norm

std::optional<Stats> numbers_of(const PortItem& item) {
    Stats stats;
    for (std::size_t s = 0; s < stats.size(); ++s) {
        const dump::StatValue v = item.row().stat(s);
        if (v.kind != dump::StatValue::Kind::Number) return std::nullopt;
        stats[s] = {v.number, v.integer};
    }
    return stats;
}

// An API another PP stage ran carries that stage's rank: "_rank<r>.".
const std::regex kRankMark(R"(_rank(\d+)\.)");

// The same node in every other graph of the group, under the same ancestors;
// none unless all have it. A node named after a PP stage's rank is looked up
// under the name `mapping` gives it in each other graph.
class Partners {
public:
    Partners(const std::vector<RankGraph>& group, const TpRankMapping& mapping) : group_(group), mapping_(mapping) {}

    std::vector<const GraphNode*> of(const GraphNode& node, std::vector<int>& ranks) const {
        std::vector<const GraphNode*> partners;
        std::vector<int> partner_ranks;
        const std::vector<int>* mapped = nullptr;
        std::smatch match;
        if (!mapping_.empty() && std::regex_search(node.id, match, kRankMark)) {
            const auto found = mapping_.find(std::stoi(match[1].str()));
            if (found == mapping_.end() || found->second.size() != group_.size() - 1) return {};
            mapped = &found->second;
        }
        for (std::size_t g = 1; g < group_.size(); ++g) {
            const std::string id =
                mapped == nullptr ? node.id
                                  : std::regex_replace(node.id, kRankMark, fmt::format("_rank{}.", (*mapped)[g - 1]));
            const GraphNode* other = group_[g].graph->find(id);
            if (other == nullptr || !paths_.same_ancestors(node, *other)) return {};
            partners.push_back(other);
            partner_ranks.push_back(other->rank);
        }
        ranks.insert(ranks.end(), partner_ranks.begin(), partner_ranks.end());
        return partners;
    }

private:
    const std::vector<RankGraph>& group_;
    const TpRankMapping& mapping_;
    mutable AncestorPaths paths_;  // the merge changes items only, never the trees
};

// The main item shows the merged statistics from now on: in its exported
// fields and in the row compare reads.
constexpr std::array<const char*, 4> kStatNames = {"Max", "Min", "Mean", "Norm"};

void set_stats(PortItem& item, const Stats& stats) {
    dump::DumpRow row = item.unpacked_row();
    ItemFields fields(item.fields());
    for (std::size_t s = 0; s < stats.size(); ++s) {
        const auto integer = static_cast<std::int64_t>(stats[s].value);
        row.stats[s] =
            stats[s].integer ? dump::StatValue::of_integer(integer) : dump::StatValue::of_number(stats[s].value);
        set_stat_field(fields, kStatNames[s], row.stats[s]);
    }
    item.set(row, fields);
}

// Max of the maxima, min of the minima, mean of the means, root of the sum of
// squared norms; each with its formula, in msprobe's words (values as Python's str()).
void merge_item(const SplitItem& item, std::vector<std::string>& info) {
    if (item.partners.empty()) return;
    const auto main_stats = numbers_of(*item.main);
    if (!main_stats) return;  // a statistic that is not a number cannot be merged
    std::vector<Stats> values{*main_stats};
    for (const PortItem* p : item.partners) {
        const auto stats = numbers_of(*p);
        if (!stats) return;
        values.push_back(*stats);
    }
    const auto texts = [&](std::size_t s, const char* suffix) {
        std::vector<std::string> out;
        for (const Stats& v : values) out.push_back(v[s].text() + suffix);
        return out;
    };
    Number max = values[0][0], min = values[0][1];
    double mean = 0, squares = 0;
    for (const Stats& v : values) {
        if (v[0].value > max.value) max = v[0];
        if (v[1].value < min.value) min = v[1];
        mean += v[2].value;
        squares += std::pow(v[3].value, 2.0);
    }
    const Number merged_mean{mean / static_cast<double>(values.size()), false};
    const Number norm{std::pow(squares, 0.5), false};
    const std::string& key = item.name;
    info.push_back(fmt::format("The Max value merging method for {} is: max({}) = {}", key,
                               fmt::join(texts(0, ""), ", "), max.text()));
    info.push_back(fmt::format("The Min value merging method for {} is: min({}) = {}", key,
                               fmt::join(texts(1, ""), ", "), min.text()));
    info.push_back(fmt::format("The Mean value merging method for {} is: ({}) / {} = {}", key,
                               fmt::join(texts(2, ""), " + "), values.size(), merged_mean.text()));
    info.push_back(fmt::format("The Norm value merging method for {} is: ({}) ** 0.5 = {}", key,
                               fmt::join(texts(3, " ** 2"), " + "), norm.text()));
    set_stats(*item.main, {max, min, merged_mean, norm});
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }
bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

const char* const kTpMerged =
    "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [{}].";

// The merge info of `node` from its split items: the ranks, then each item's formulas.
void record_merge(GraphNode& node, const std::vector<int>& ranks, std::vector<SplitItem>& split) {
    node.writable_rare().parallel_merge_info.push_back(fmt::format(fmt::runtime(kTpMerged), fmt::join(ranks, ", ")));
    for (const SplitItem& item : split) merge_item(item, node.writable_rare().parallel_merge_info);
}

// A module id's last segments: "<…>.<class>.<direction>.<count>".
bool is_layer(const GraphNode& node, std::string_view layer_class, std::string_view direction) {
    if (node.kind != NodeKind::Module) return false;
    std::vector<std::string_view> parts;
    std::string_view rest = node.id;
    for (auto dot = rest.find('.'); dot != std::string_view::npos; dot = rest.find('.')) {
        parts.push_back(rest.substr(0, dot));
        rest.remove_prefix(dot + 1);
    }
    parts.push_back(rest);
    return parts.size() >= 4 && parts[parts.size() - 2] == direction &&
           parts[parts.size() - 3].find(layer_class) != std::string_view::npos;
}

class TpMerge {
public:
    TpMerge(const std::vector<RankGraph>& group, const TpRankMapping& mapping) : partners_(group, mapping) {}

    // spec §8.4 steps 2-4: a node whose items differ across the group takes the merged statistics.
    void merge_node(GraphNode& node) const {
        std::vector<int> ranks{node.rank};
        const auto partners = partners_.of(node, ranks);
        auto split = split_items(node, &GraphNode::inputs, partners);
        auto outputs = split_items(node, &GraphNode::outputs, partners);
        if (split.empty() && outputs.empty()) return;
        split.insert(split.end(), outputs.begin(), outputs.end());
        record_merge(node, ranks, split);
    }

    // spec §8.4 step 1: in a RowParallelLinear forward or a ColumnParallelLinear
    // backward, each rank's matmul computes a partial sum, which the following
    // all_reduce / reduce_scatter completes: the matmul shows the reduced output.
    // Its inputs are merged across the group as usual.
    void take_reduced_outputs(GraphNode& layer) const {
        if (!is_layer(layer, "RowParallelLinear", "forward") && !is_layer(layer, "ColumnParallelLinear", "backward")) {
            return;
        }
        std::vector<GraphNode*> matmuls, reduces;
        for (GraphNode* child : layer.children) {
            if (contains(child->id, "matmul")) matmuls.push_back(child);
            if (contains(child->id, "_reduce_scatter_base") || contains(child->id, "reduce_scatter_tensor") ||
                contains(child->id, "all_reduce")) {
                reduces.push_back(child);
            }
        }
        for (GraphNode* matmul : matmuls) {
            if (matmul->outputs.empty()) continue;
            PortItem& partial = matmul->outputs.front();
            for (auto it = reduces.begin(); it != reduces.end(); ++it) {
                const GraphNode& reduce = **it;
                if (reduce.outputs.empty()) continue;
                // The matmul's output is all_reduce's first input, reduce_scatter's second.
                const std::size_t input = contains(reduce.id, "all_reduce") ? 0 : 1;
                if (reduce.inputs.size() <= input || !same_statistics(partial, reduce.inputs[input], false)) continue;
                std::vector<int> ranks{matmul->rank};
                const auto partners = partners_.of(*matmul, ranks);
                auto split = split_items(*matmul, &GraphNode::inputs, partners);
                if (!split.empty()) record_merge(*matmul, ranks, split);
                copy_stats(reduce.outputs.front(), partial);
                matmul->writable_rare().parallel_merge_info.push_back("The output of this data is merged from " +
                                                                      std::string(reduce.outputs.front().key()));
                reduces.erase(it);
                break;
            }
        }
    }

    // spec §8.4 step 5: Megatron splits every layer from a ColumnParallelLinear
    // forward to the next RowParallelLinear, so their items are merged without
    // comparing values; but the column layer's input and the row layer's
    // outputs and bias are whole on every rank.
    void merge_column_row_sequence(GraphNode& column) const {
        if (!column.rare().parallel_merge_info.empty() || column.parent == nullptr) return;
        if (!is_layer(column, "ColumnParallelLinear", "forward")) return;
        const auto& siblings = column.parent->children;
        std::ptrdiff_t first = -1, last = -1;
        for (std::size_t i = 0; i < siblings.size(); ++i) {
            if (contains(siblings[i]->id, column.id))
                first = static_cast<std::ptrdiff_t>(i);
            else if (contains(siblings[i]->id, "RowParallelLinear"))
                last = static_cast<std::ptrdiff_t>(i);
        }
        if (first == -1 || last == -1 || last - first + 1 < 2) return;
        const GraphNode* column_layer = siblings[static_cast<std::size_t>(first)];
        const GraphNode* row_layer = siblings[static_cast<std::size_t>(last)];
        // Depth first, the sequence's last layer first, each layer before its children.
        std::vector<GraphNode*> stack(siblings.begin() + first, siblings.begin() + last + 1);
        while (!stack.empty()) {
            GraphNode& node = *stack.back();
            stack.pop_back();
            stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
            if (!node.rare().parallel_merge_info.empty() || starts_with(node.id, "Distributed")) continue;
            std::vector<int> ranks{node.rank};
            const auto partners = partners_.of(node, ranks);
            auto inputs = split_items(node, &GraphNode::inputs, partners, false);
            auto outputs = split_items(node, &GraphNode::outputs, partners, false);
            if (inputs.empty() && outputs.empty()) continue;
            const bool matmul = contains(node.id, "matmul");
            const auto drop = [&](const char* name) {
                std::erase_if(inputs, [&](const SplitItem& item) { return item.name == name; });
            };
            if (node.id == column_layer->id || (matmul && node.parent->id == column_layer->id)) {
                drop("input.0");
            } else if (node.id == row_layer->id || (matmul && node.parent->id == row_layer->id)) {
                outputs.clear();
                drop("parameters.bias");
            }
            inputs.insert(inputs.end(), outputs.begin(), outputs.end());
            record_merge(node, ranks, inputs);
        }
    }

private:
    // msprobe takes the four statistics of the reduced output as they are.
    void copy_stats(const PortItem& from, PortItem& to) const {
        dump::DumpRow row = to.unpacked_row();
        ItemFields fields(to.fields());
        for (std::size_t s = 0; s < kStatNames.size(); ++s) {
            row.stats[s] = from.row().stat(s);
            const auto field = from.fields().find(kStatNames[s]);
            if (field)
                fields.set(kStatNames[s], *field);
            else
                set_stat_field(fields, kStatNames[s], row.stats[s]);
        }
        to.set(row, fields);
    }

    Partners partners_;
};

}  // namespace

void merge_tp_group(const std::vector<RankGraph>& group, const TpRankMapping& mapping) {
    if (group.size() < 2) return;
    const TpMerge merge(group, mapping);
    // msprobe walks its graph's node map: the order in which ids entered it.
    const std::vector<GraphNode*> nodes = group.front().graph->lookup_order();
    for (GraphNode* node : nodes) {
        if (node->parent == nullptr || node->parent->kind != NodeKind::Module) continue;
        if (node->parent->id == "clip_grad" || node->parent->id == "optimizer") continue;
        if (starts_with(node->id, "Distributed") || !node->rare().parallel_merge_info.empty()) continue;
        merge.take_reduced_outputs(*node);
        merge.merge_node(*node);
    }
    for (GraphNode* node : nodes) merge.merge_column_row_sequence(*node);
}

}  // namespace msprobe::graph
