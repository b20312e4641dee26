#include "graph/precision_index.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "common/python_text.hpp"

namespace msprobe::graph {

namespace {

const dump::StatValue* metric(const ItemMetrics& metrics, std::string_view name) {
    for (const auto& [key, value] : metrics) {
        if (key == name) return &value;
    }
    return nullptr;
}

bool non_finite(const dump::StatValue& v) {
    return v.kind == dump::StatValue::Kind::Number && !std::isfinite(v.number);
}
bool max_or_min_non_finite(const PortItem& item) {
    return non_finite(item.row().stat(0)) || non_finite(item.row().stat(1));
}

// A relative-error text as a fraction: "12.5%" → 0.125; anything that does
// not parse (N/A, booleans) → 0, "Nan" → NaN.
double relative_error(const dump::StatValue& v) {
    std::string text;
    switch (v.kind) {
        case dump::StatValue::Kind::Number: return v.number / 100;
        case dump::StatValue::Kind::Text: text = v.text(); break;
        default: return 0;
    }
    const auto first = text.find_first_not_of('%');
    const auto last = text.find_last_not_of('%');
    if (first == std::string::npos) return 0;
    const auto parsed = py::parse_float(std::string_view(text).substr(first, last - first + 1));
    return parsed ? *parsed / 100 : 0;
}

PrecisionIndex summary_index(const GraphNode& node, const NodeMetrics& metrics) {
    PrecisionIndex p{0, true};
    static constexpr std::array<const char*, 5> kCounted = {"MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr",
                                                            "NormRelativeErr", "Requires_grad Consistent"};
    for (std::size_t i = 0; i < node.outputs.size(); ++i) {
        const PortItem& item = node.outputs[i];
        if (max_is_null(item)) continue;
        if (item.compared) {
            for (const char* name : kCounted) {
                const dump::StatValue* value = metric(metrics.outputs.at(i), name);
                const double v = value ? relative_error(*value) : 0;
                if (v > p.value) p = {v, false};
            }
        }
        if (max_or_min_non_finite(item)) p = {1, true};
    }
    if (p.value > 1) p = {1, true};
    return p;
}

PrecisionIndex md5_index(const GraphNode& node, const NodeMetrics& metrics) {
    for (const auto& [items, cells] :
         {std::pair{&node.inputs, &metrics.inputs}, std::pair{&node.outputs, &metrics.outputs}}) {
        for (std::size_t i = 0; i < items->size(); ++i) {
            if (!(*items)[i].compared) continue;
            const dump::StatValue* result = metric(cells->at(i), "Result");
            if (!result || result->kind != dump::StatValue::Kind::Text || result->text() != "pass") return {0, true};
        }
    }
    return {1, true};
}

// The smallest one-thousandth ratio of the items (capped at 1); "N/A" (a
// marker) when an item holds inf/NaN; nullopt when nothing counted.
struct ThousandthMinimum {
    bool not_applicable = false;
    std::optional<double> value;
};

ThousandthMinimum thousandth_minimum(const std::vector<PortItem>& items, const std::vector<ItemMetrics>& cells) {
    std::vector<double> ratios;
    bool marker = false;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const PortItem& item = items[i];
        if (max_is_null(item)) continue;
        if (item.compared) {
            if (item.empty_shape) continue;
            const dump::StatValue* ratio = metric(cells.at(i), "One Thousandth Err Ratio");
            if (ratio && ratio->kind == dump::StatValue::Kind::Number) {
                ratios.push_back(ratio->number);
            } else if (ratio && ratio->kind == dump::StatValue::Kind::Text) {
                if (const auto parsed = py::parse_float(ratio->text())) ratios.push_back(*parsed);
            }
        }
        if (max_or_min_non_finite(item)) marker = true;
    }
    ThousandthMinimum out;
    if (marker) {
        out.not_applicable = true;
    } else if (!ratios.empty()) {
        double least = 1.0;
        for (const double r : ratios) least = std::min(least, r);
        out.value = least;
    }
    return out;
}

PrecisionIndex real_data_index(const GraphNode& node, const NodeMetrics& metrics) {
    const ThousandthMinimum in = thousandth_minimum(node.inputs, metrics.inputs);
    const ThousandthMinimum out = thousandth_minimum(node.outputs, metrics.outputs);
    if (out.not_applicable) return {1, true};
    if (in.not_applicable) return {0, true};
    if (!in.value || !out.value) return {0, true};
    const double diff = *in.value - *out.value;
    if (diff < 0) return {0, true};
    if (diff > 1) return {1, true};
    return {diff, false};
}

// The second dot-segment of APIs whose outputs are uninitialised memory.
bool is_ignored_api(const std::string& id) {
    static constexpr std::array<std::string_view, 6> kIgnored = {
        "empty", "empty_like", "empty_with_format", "new_empty_strided", "new_empty", "empty_strided"};
    const auto first = id.find('.');
    if (first == std::string::npos) return false;
    const auto second = id.find('.', first + 1);
    const std::size_t length = second == std::string::npos ? std::string::npos : second - first - 1;
    const std::string_view segment = std::string_view(id).substr(first + 1, length);
    return std::find(kIgnored.begin(), kIgnored.end(), segment) != kIgnored.end();
}

}  // namespace

bool max_is_null(const PortItem& item) { return item.row().stat(0).kind == dump::StatValue::Kind::Null; }

bool higher_index_is_better(std::optional<compare::CompareMode> mode, IndexKind kind) {
    return mode == compare::CompareMode::Md5 && kind == IndexKind::ModeMetric;
}

PrecisionIndex node_precision_index(const GraphNode& node, compare::CompareMode mode, const NodeMetrics& metrics) {
    if (is_ignored_api(node.id)) return {mode == compare::CompareMode::Md5 ? 1.0 : 0.0, true};
    switch (mode) {
        case compare::CompareMode::Summary: return summary_index(node, metrics);
        case compare::CompareMode::Md5: return md5_index(node, metrics);
        case compare::CompareMode::All: return real_data_index(node, metrics);
    }
    return {0, true};
}

namespace {

// The worst of the children; a parallel merge nests collections, which are indexed first.
void assign_collection(GraphNode& collection, bool higher_is_better) {
    const PrecisionIndex harmless{higher_is_better ? 1.0 : 0.0, true};
    PrecisionIndex p = harmless;
    for (GraphNode* api : collection.children) {
        if (api->kind == NodeKind::ApiCollection) assign_collection(*api, higher_is_better);
        const PrecisionIndex v = api->precision.value_or(harmless);
        if (higher_is_better ? v.value < p.value : v.value > p.value) p = v;
    }
    collection.precision = p;
}

}  // namespace

void assign_collection_precision(ModelGraph& npu, std::optional<compare::CompareMode> mode, IndexKind kind) {
    const bool higher_is_better = higher_index_is_better(mode, kind);
    for (GraphNode* child : npu.root().children) {
        if (child->kind == NodeKind::ApiCollection) assign_collection(*child, higher_is_better);
    }
}

}  // namespace msprobe::graph
