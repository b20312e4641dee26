#include "graph/tp_merge.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <cmath>
#include <optional>

#include "common/python_text.hpp"
#include "graph/parallel_merge_items.hpp"
#include "graph/item_text.hpp"

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
        const dump::StatValue& v = item.row.stats[s];
        if (v.kind != dump::StatValue::Kind::Number) return std::nullopt;
        stats[s] = {v.number, v.integer};
    }
    return stats;
}

// The same node in every other graph of the group, under the same ancestors; none unless all have it.
std::vector<const GraphNode*> partners_of(const GraphNode& node, const std::vector<RankGraph>& group,
                                          std::vector<int>& ranks) {
    std::vector<const GraphNode*> partners;
    const auto ancestors = ancestor_ids(node);
    for (std::size_t g = 1; g < group.size(); ++g) {
        const GraphNode* other = group[g].graph->find(node.id);
        if (other == nullptr || ancestor_ids(*other) != ancestors) return {};
        partners.push_back(other);
        ranks.push_back(group[g].rank);
    }
    return partners;
}

// The main item shows the merged statistics from now on: in its exported
// fields and in the row compare reads.
void set_stats(PortItem& item, const Stats& stats, bool full_floats) {
    static constexpr std::array<const char*, 4> kNames = {"Max", "Min", "Mean", "Norm"};
    for (std::size_t s = 0; s < stats.size(); ++s) {
        const auto integer = static_cast<std::int64_t>(stats[s].value);
        item.row.stats[s] =
            stats[s].integer ? dump::StatValue::of_integer(integer) : dump::StatValue::of_number(stats[s].value);
        item.fields.set(kNames[s], stat_text(item.row.stats[s], !full_floats));
    }
}

// Max of the maxima, min of the minima, mean of the means, root of the sum of
// squared norms; each with its formula, in msprobe's words (values as Python's str()).
void merge_item(const SplitItem& item, std::vector<std::string>& info, bool full_floats) {
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
    set_stats(*item.main, {max, min, merged_mean, norm}, full_floats);
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

}  // namespace

void merge_tp_group(const std::vector<RankGraph>& group, bool full_floats) {
    if (group.size() < 2) return;
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
        split.insert(split.end(), outputs.begin(), outputs.end());
        node.parallel_merge_info.push_back(fmt::format(
            "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [{}].",
            fmt::join(ranks, ", ")));
        for (const SplitItem& item : split) merge_item(item, node.parallel_merge_info, full_floats);
    }
}

}  // namespace msprobe::graph
