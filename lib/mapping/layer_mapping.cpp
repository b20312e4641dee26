#include "mapping/layer_mapping.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>

#include "common/error.hpp"
#include "common/log.hpp"
#include "dump/json_file.hpp"
#include "dump/json_tree.hpp"
#include "mapping/layer_scope.hpp"
#include "common/python_str.hpp"
#include "mapping/yaml_file.hpp"

namespace msprobe::mapping {

namespace fs = std::filesystem;

namespace {

constexpr const char* kNotApplicable = "N/A";

// The side's items, or none when it has neither stack.json nor construct.json.
std::vector<LayerItem> side_items(const dump::DumpFile& dump, bool pytorch) {
    const fs::path dir = fs::path(dump.path).parent_path();
    LayerSide side;
    side.pytorch = pytorch;
    side.stack_file = (dir / "stack.json").string();
    side.construct_file = (dir / "construct.json").string();
    const bool has_stack = fs::exists(side.stack_file);
    const bool has_construct = fs::exists(side.construct_file);
    if (!has_stack && !has_construct) {
        log::info(fmt::format("stack.json and construct.json not found in {}", dir.string()));
        return {};
    }
    if (!has_stack || !has_construct) {
        throw Error(has_stack ? side.construct_file : side.stack_file,
                    "no such file; layer mapping needs both stack.json and construct.json beside dump.json");
    }
    side.stack = dump::load_json_tree(side.stack_file);
    side.construct = dump::ConstructParents::of(dump::JsonFile::load(side.construct_file).root());
    if (side.stack.empty() || side.construct.empty()) return {};  // L1-only dumps: nothing to align
    return layer_items(dump.api_names, side);
}

// One node of a side's layer tree: children by name, items by state.
struct LayerNode {
    std::string type_name;
    std::map<std::string, std::unique_ptr<LayerNode>, std::less<>> children;
    std::map<std::string, std::vector<std::string>, std::less<>> items;  // state → entry keys, in dump order

    const LayerNode* child(std::string_view name) const {
        auto it = children.find(name);
        return it == children.end() ? nullptr : it->second.get();
    }
};

LayerNode build_tree(const std::vector<LayerItem>& items) {
    LayerNode root{"TopLayer", {}, {}};
    for (const auto& item : items) {
        LayerNode* node = &root;
        const auto parts = py::split_dots(item.full_scope);
        for (std::size_t i = 1; i < parts.size(); ++i) {  // the first part (Cell/Module/TopLayer) is the root
            auto& slot = node->children[std::string(parts[i])];
            if (!slot) slot = std::make_unique<LayerNode>(LayerNode{std::string(parts[i]), {}, {}});
            node = slot.get();
        }
        node->items[item.state].push_back(item.key);
        node->type_name = item.type_name;
    }
    return root;
}

using Rule = LayerRule;
using Rules = LayerRules;

}  // namespace

LayerRules load_layer_rules(const fs::path& path) {
    const YAML::Node doc = load_yaml_file(path);
    Rules rules;
    if (doc.IsNull()) return rules;
    if (!doc.IsMap()) throw Error(path.string(), "expected parent layer types mapping NPU names to bench names");
    std::vector<std::pair<std::string, YAML::Node>> parents;
    for (const auto& entry : doc) {
        std::string parent = scalar_text(entry.first, path, "a layer type");
        if (parent == "Cell") parent = "TopLayer";  // legacy spelling of the root
        if (!entry.second.IsMap() && !entry.second.IsNull()) {
            throw Error(path.string(),
                        fmt::format("rules of '{}' must be a mapping of NPU names to bench names", parent));
        }
        if (parent == "TopLayer") rules.erase(parent);
        for (const auto& rule : entry.second) {
            const std::string source = scalar_text(rule.first, path, "an NPU name");
            std::string target = scalar_text(rule.second, path, "a bench name");
            target = target.substr(0, target.find('('));  // "npu_rms_norm(xx)" → "npu_rms_norm"
            const auto parts = py::split_dots(source);
            auto& list = rules[parent][std::string(parts[0])];
            // A later duplicate of a key replaces the earlier one, as a yaml mapping does.
            std::erase_if(list, [&](const Rule& r) { return r.source == source; });
            list.push_back({source, parts.size(), std::move(target)});
        }
    }
    for (auto& [parent, by_first] : rules) {
        for (auto& [first, list] : by_first) {
            std::stable_sort(list.begin(), list.end(), [](const Rule& a, const Rule& b) { return a.depth > b.depth; });
        }
    }
    return rules;
}

namespace {

// The bench entry an NPU item corresponds to, or "N/A".
std::string convert_item(const LayerItem& item, const LayerNode& npu_root, const LayerNode& bench_root,
                         const Rules& rules) {
    const auto parts = py::split_dots(item.full_scope);
    std::vector<std::string> bench_path;
    const LayerNode* cur = &npu_root;
    std::size_t i = 0;
    while (i + 1 < parts.size()) {
        const std::string_view child = parts[i + 1];
        const Rule* chosen = nullptr;
        Rule identity{std::string(child), 1, std::string(child)};
        if (auto by_type = rules.find(cur->type_name); by_type != rules.end()) {
            if (auto list = by_type->second.find(std::string(child)); list != by_type->second.end()) {
                for (const auto& rule : list->second) {
                    if (i + 1 + rule.depth <= parts.size() &&
                        rule.source ==
                            fmt::format("{}", fmt::join(parts.begin() + static_cast<std::ptrdiff_t>(i + 1),
                                                        parts.begin() + static_cast<std::ptrdiff_t>(i + 1 + rule.depth),
                                                        "."))) {
                        chosen = &rule;
                        break;
                    }
                }
            }
        }
        if (!chosen) chosen = &identity;
        for (std::string_view level : py::split_dots(chosen->target)) bench_path.emplace_back(level);
        for (std::size_t step = 0; step < chosen->depth; ++step) {
            const LayerNode* next = cur->child(parts[i + 1 + step]);
            if (!next) return kNotApplicable;  // cannot happen: the item itself was put there
            cur = next;
        }
        i += chosen->depth;
    }
    const auto own = cur->items.find(item.state);
    if (own == cur->items.end()) return kNotApplicable;
    const auto position = std::find(own->second.begin(), own->second.end(), item.key) - own->second.begin();

    const LayerNode* bench = &bench_root;
    for (const auto& level : bench_path) {
        bench = bench->child(level);
        if (!bench) return kNotApplicable;
    }
    const auto list = bench->items.find(item.state);
    if (list == bench->items.end() || static_cast<std::ptrdiff_t>(list->second.size()) <= position) {
        return kNotApplicable;
    }
    return list->second[static_cast<std::size_t>(position)];
}

// Row names of every entry, in row order (which is already msprobe's state order).
std::unordered_map<std::string, std::vector<std::string>> rows_by_entry(const dump::DumpFile& dump) {
    std::unordered_map<std::string, std::vector<std::string>> out;
    for (const auto& row : dump.rows) out[dump.api_names[row.api_index]].push_back(row.name);
    return out;
}

std::string_view suffix_after(const std::string& name, const std::string& key) {
    return name.rfind(key, 0) == 0 ? std::string_view(name).substr(key.size()) : std::string_view(name);
}

// PyYAML's rendering of a plain string scalar, quoted when plain would not read back.
std::string yaml_scalar(const std::string& text) {
    static const std::string kIndicators = "-?:,[]{}#&*!|>'\"%@`";
    const bool special = text.empty() || kIndicators.find(text.front()) != std::string::npos ||
                         py::contains(text, ": ") || py::contains(text, " #") || text.front() == ' ' ||
                         text.back() == ' ' || text.back() == ':';
    if (!special) return text;
    return "'" + py::replace_all(text, "'", "''") + "'";
}

}  // namespace

LayerMappingResult generate_layer_mapping(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                          const LayerRules& rules) {
    const auto npu_items = side_items(npu, npu.framework == "pytorch");
    const auto bench_items = side_items(bench, bench.framework != "mindspore");
    LayerMappingResult result;
    if (npu_items.empty()) return result;
    const LayerNode npu_tree = build_tree(npu_items);
    const LayerNode bench_tree = build_tree(bench_items);
    for (const auto& item : npu_items) {
        result.entries.emplace_back(item.key, convert_item(item, npu_tree, bench_tree, rules));
    }

    const auto npu_rows = rows_by_entry(npu);
    const auto bench_rows = rows_by_entry(bench);
    for (const auto& [npu_key, bench_key] : result.entries) {
        const auto rows = npu_rows.find(npu_key);
        if (rows == npu_rows.end()) continue;
        std::unordered_map<std::string_view, const std::string*> bench_by_suffix;
        if (auto b = bench_rows.find(bench_key); b != bench_rows.end()) {
            for (const auto& name : b->second) bench_by_suffix[suffix_after(name, bench_key)] = &name;
        }
        for (const auto& name : rows->second) {
            auto hit = bench_by_suffix.find(suffix_after(name, npu_key));
            result.items.emplace_back(name, hit == bench_by_suffix.end() ? kNotApplicable : *hit->second);
        }
    }
    return result;
}

std::string data_mapping_yaml(const LayerMappingResult& mapping) {
    if (mapping.items.empty()) return "{}\n";  // PyYAML's flow form of an empty mapping
    std::string text;
    for (const auto& [npu, bench] : mapping.items) {
        const std::string key = yaml_scalar(npu);
        // PyYAML writes keys of 128 characters or more in the explicit "? key" form.
        if (key.size() >= 128) {
            text += "? " + key + "\n: " + yaml_scalar(bench) + "\n";
        } else {
            text += key + ": " + yaml_scalar(bench) + "\n";
        }
    }
    return text;
}

}  // namespace msprobe::mapping
