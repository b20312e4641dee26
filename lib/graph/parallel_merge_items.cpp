#include "graph/parallel_merge_items.hpp"

#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <utility>

#include "graph/backward_names.hpp"

namespace msprobe::graph {

namespace {

std::optional<double> number_of(const dump::StatValue& stat) {
    if (stat.kind != dump::StatValue::Kind::Number) return std::nullopt;
    return stat.number;
}

bool mergeable_dtype(const std::string& dtype) {
    static const std::unordered_set<std::string> kDtypes = {
        "torch.int8",    "torch.int16",   "torch.int32",    "torch.int64", "torch.uint8", "torch.float16",
        "torch.float32", "torch.float64", "torch.bfloat16", "Float16",     "Float32",     "BFloat16"};
    return kDtypes.count(dtype) > 0;
}

// Ranks do not compute Mean and Norm deterministically: a relative difference
// below 1e-6 counts as equal (absolute when the main value is 0). A value
// that is not a number never makes a difference.
bool same_value(const dump::StatValue& a, const dump::StatValue& b, bool uncertain) {
    const auto x = number_of(a), y = number_of(b);
    if (!x || !y) return true;
    if (!uncertain) return *x == *y;
    const double diff = std::fabs(*x - *y);
    if (std::isnan(diff)) return std::isnan(*x) && std::isnan(*y);
    if (std::isinf(diff)) return std::isinf(*x) && std::isinf(*y);
    constexpr double kThreshold = 1e-6;
    return *x == 0 ? diff < kThreshold : std::fabs(diff / *x) < kThreshold;
}

}  // namespace

bool same_statistics(const PortItem& a, const PortItem& b, bool uncertain) {
    for (std::size_t s = 0; s < 4; ++s) {
        if (!same_value(a.row().stat(s), b.row().stat(s), uncertain && s >= 2)) return false;
    }
    return true;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    if (!from.empty()) text = replace_all(std::move(text), std::string_view(from), std::string_view(to));
}

std::string rank_named_api(const std::string& id, const std::string& rank) {
    const auto first = id.find('.');
    if (first == std::string::npos) return id;
    const auto second = id.find('.', first + 1);
    std::string named = id;
    named.insert(second == std::string::npos ? named.size() : second, "_rank" + rank);
    return named;
}

void rename_items(GraphNode& node, const std::string& old_id) {
    for (auto* items : {&node.inputs, &node.outputs}) {
        for (PortItem& item : *items) {
            item.replace_in_name(old_id, node.id);  // the item's key, by which compare pairs rows with items
        }
    }
}

const PortItem* item_named(const std::vector<PortItem>& items, const std::string& key) {
    for (const PortItem& item : items) {
        if (item.key() == key) return &item;
    }
    return nullptr;
}

std::vector<SplitItem> split_items(GraphNode& node, std::vector<PortItem> GraphNode::*side,
                                   const std::vector<const GraphNode*>& partners, bool compare_values) {
    std::vector<SplitItem> split;
    if (partners.empty()) return split;
    for (PortItem& item : node.*side) {
        if (!mergeable_dtype(item.row().dtype())) continue;
        SplitItem entry{std::string(item.key()), &item, {}};
        replace_all(entry.name, node.id + ".", "");
        bool same = compare_values;
        for (const GraphNode* partner : partners) {
            std::string key(item.key());
            replace_all(key, node.id, partner->id);
            const PortItem* other = item_named(partner->*side, key);
            if (other == nullptr || !mergeable_dtype(other->row().dtype())) break;
            entry.partners.push_back(other);
            if (compare_values && !same_statistics(item, *other, true)) same = false;
        }
        if (!same) split.push_back(std::move(entry));
    }
    return split;
}

}  // namespace msprobe::graph
