#include "graph/merged_dump_files.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/python_json_writer.hpp"
#include "dump/json_copy.hpp"
#include "dump/json_file.hpp"
#include "graph/port_item_leaf.hpp"

namespace msprobe::graph {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 4> kStats = {"Max", "Min", "Mean", "Norm"};

std::optional<std::size_t> stat_index(std::string_view key) {
    const auto at = std::find(kStats.begin(), kStats.end(), key);
    if (at == kStats.end()) return std::nullopt;
    return static_cast<std::size_t>(at - kStats.begin());
}

// A statistic as msprobe's op item holds it. An op item turns the bools the
// dump wrote at its top level into "True"/"False"; the value it fills in for a
// statistic the dump lacks (a scalar's value) stays a bool.
void write_stat(py::JsonWriter& out, const dump::StatValue& value, bool written_by_dump) {
    switch (value.kind) {
        case dump::StatValue::Kind::Null: out.null(); break;
        case dump::StatValue::Kind::Number:
            if (value.integer)
                out.integer(static_cast<std::int64_t>(value.number));
            else
                out.number(value.number);
            break;
        case dump::StatValue::Kind::Bool:
            if (written_by_dump)
                out.string(value.boolean ? "True" : "False");
            else
                out.boolean(value.boolean);
            break;
        case dump::StatValue::Kind::Text: out.string(value.text()); break;
    }
}

// The node's item of that name, as msprobe looks merged items up: outputs after inputs, the later one kept.
const PortItem* item_named(const GraphNode& node, const std::string& name) {
    for (const auto* items : {&node.outputs, &node.inputs}) {
        const auto at = std::find_if(items->begin(), items->end(), [&](const PortItem& i) { return i.key() == name; });
        if (at != items->end()) return &*at;
    }
    return nullptr;
}

// One item of a recorded entry: its members, the merged item's statistics over
// them (appended when the dump wrote none), md5 left out.
void write_recorded_item(py::JsonWriter& out, dump::JsonView item, const PortItem* merged) {
    if (!item.is_object()) {
        dump::copy_json_value(out, item);
        return;
    }
    std::array<bool, kStats.size()> written{};
    out.begin_object();
    for (const dump::JsonMember& m : item.members()) {
        if (m.name == "md5") continue;
        out.key(m.name);
        const auto stat = stat_index(m.name);
        if (merged != nullptr && stat) {
            write_stat(out, merged->row().stat(*stat), true);
            written[*stat] = true;
        } else {
            dump::copy_json_value(out, m.value);
        }
    }
    if (merged != nullptr) {
        for (std::size_t s = 0; s < kStats.size(); ++s) {
            if (written[s]) continue;
            out.key(kStats[s]);
            write_stat(out, merged->row().stat(s), false);
        }
    }
    out.end_object();
}

void write_merge_info(py::JsonWriter& out, const GraphNode& node) {
    if (node.rare().parallel_merge_info.empty()) return;
    out.key("parallel_merge_info");
    out.begin_array();
    for (const std::string& line : node.rare().parallel_merge_info) out.string(line);
    out.end_array();
}

// A node the main rank recorded: its entry, member by member, the items of its
// argument lists and typed keyword arguments taking the merged statistics.
void write_recorded_entry(py::JsonWriter& out, const GraphNode& node, dump::JsonView entry) {
    out.begin_object();
    for (const dump::JsonMember& m : entry.members()) {
        out.key(m.name);
        const std::string_view list_prefix = m.name == "input_args"   ? ".input."
                                             : m.name == "output"     ? ".output."
                                             : m.name == "parameters" ? ".parameters."
                                                                      : "";
        if (!list_prefix.empty() && m.value.is_array()) {
            out.begin_array();
            std::size_t index = 0;
            for (const dump::JsonView item : m.value.items()) {
                const std::string name = node.id + std::string(list_prefix) + std::to_string(index++);
                write_recorded_item(out, item, item_named(node, name));
            }
            out.end_array();
        } else if (m.name == "input_kwargs" && m.value.is_object()) {
            out.begin_object();
            for (const dump::JsonMember& kwarg : m.value.members()) {
                out.key(kwarg.name);
                const bool typed = kwarg.value.is_object() && kwarg.value.has_member("type");
                write_recorded_item(out, kwarg.value,
                                    typed ? item_named(node, node.id + ".input." + std::string(kwarg.name)) : nullptr);
            }
            out.end_object();
        } else {
            dump::copy_json_value(out, m.value);
        }
    }
    write_merge_info(out, node);
    out.end_object();
}

bool is_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Python's literal_eval of a shape text ("[2, 3]", "(3,)", "[]") as a list of
// ints; nullopt for a text that is no list or tuple of ints.
std::optional<std::vector<std::int64_t>> int_list(std::string_view text) {
    if (text.size() < 2) return std::nullopt;
    const char open = text.front(), close = text.back();
    if (!((open == '[' && close == ']') || (open == '(' && close == ')'))) return std::nullopt;
    std::vector<std::int64_t> values;
    std::string_view rest = text.substr(1, text.size() - 2);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view part = rest.substr(0, comma);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        if (part.empty()) {
            if (comma != std::string_view::npos && !values.empty()) return std::nullopt;  // "(1,,)"
        } else {
            std::int64_t value = 0;
            bool negative = part.front() == '-';
            if (negative) part.remove_prefix(1);
            if (!is_digits(part)) return std::nullopt;
            for (const char c : part) value = value * 10 + (c - '0');
            values.push_back(negative ? -value : value);
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return values;
}

void write_shape_text(py::JsonWriter& out, std::string_view text) {
    const auto values = int_list(text);
    if (!values) {
        // literal_eval's other values stay as written; what it cannot read becomes [].
        if (text == "None" || text == "True" || text == "False" || is_digits(text)) {
            out.string(text);
        } else {
            out.begin_array();
            out.end_array();
        }
        return;
    }
    out.begin_array();
    for (const std::int64_t v : *values) out.integer(v);
    out.end_array();
}

// An item of a node the main rank did not record, as msprobe turns its op item
// back into a dump item: the leaf's members (top-level bools as "True"/"False",
// requires_grad a bool again, a shape text a list), the statistics it lacked,
// and for a value without a dtype the dtype and shape msprobe gives it; no md5,
// data_name or state. A None item stays null.
void write_made_item(py::JsonWriter& out, const PortItem& item) {
    const LeafObject parsed(item);
    const dump::JsonView leaf = parsed.get();
    if (!leaf.present()) {
        out.null();
        return;
    }
    const bool typed = leaf.member("dtype").truthy();  // else msprobe fills dtype and shape in
    out.begin_object();
    for (const dump::JsonMember& m : leaf.members()) {
        if (m.name == "md5" || m.name == "data_name" || m.name == "full_op_name" || m.name == "state") continue;
        if (m.name == "requires_grad") {
            if (m.value.is_null()) continue;
            out.key(m.name);
            if (const auto text = m.value.string())
                out.boolean(*text == "True");
            else
                dump::copy_json_value(out, m.value);
            continue;
        }
        out.key(m.name);
        if (const auto stat = stat_index(m.name)) {
            write_stat(out, item.row().stat(*stat), true);
        } else if (m.name == "dtype" && !typed) {
            out.string(std::string_view(item.row().dtype()));
        } else if (m.name == "shape" && (!typed || m.value.is_string())) {
            write_shape_text(out, typed ? m.value.text() : std::string_view(item.row().shape()));
        } else if (const auto flag = m.value.boolean()) {
            out.string(*flag ? "True" : "False");
        } else {
            dump::copy_json_value(out, m.value);
        }
    }
    for (std::size_t s = 0; s < kStats.size(); ++s) {
        if (leaf.has_member(kStats[s])) continue;
        out.key(kStats[s]);
        write_stat(out, item.row().stat(s), false);
    }
    if (!typed) {
        if (!leaf.has_member("dtype")) {
            out.key("dtype");
            out.string(std::string_view(item.row().dtype()));
        }
        if (!leaf.has_member("shape")) {
            out.key("shape");
            write_shape_text(out, std::string_view(item.row().shape()));
        }
    }
    out.end_object();
}

// The node's items by where msprobe's writer puts them: the part of an item's
// name after "<node id>." (the whole name when it does not start so) is
// "<field>.<index>"; the first item of each position or keyword is kept.
struct MadeEntry {
    std::vector<std::pair<std::string, const PortItem*>> input_args;  // position text, sorted by value
    std::vector<std::pair<std::string, const PortItem*>> input_kwargs;
    std::vector<std::pair<std::string, const PortItem*>> output;
    std::vector<std::pair<std::string, const PortItem*>> parameters;

    bool empty() const { return input_args.empty() && input_kwargs.empty() && output.empty() && parameters.empty(); }
};

std::pair<std::string_view, std::string_view> field_and_index(const GraphNode& node, const PortItem& item) {
    std::string_view suffix = item.key();
    if (suffix.starts_with(node.id)) suffix = suffix.substr(std::min(suffix.size(), node.id.size() + 1));
    const std::size_t dot = suffix.find('.');
    if (dot == std::string_view::npos) return {};
    return {suffix.substr(0, dot), suffix.substr(dot + 1)};
}

void add_first(std::vector<std::pair<std::string, const PortItem*>>& slots, std::string_view index,
               const PortItem& item) {
    const bool seen = std::any_of(slots.begin(), slots.end(), [&](const auto& s) { return s.first == index; });
    if (!seen) slots.emplace_back(std::string(index), &item);
}

// Positions as Python's int() orders them: by length of the digit text without leading zeros, then by text.
void sort_positions(std::vector<std::pair<std::string, const PortItem*>>& slots) {
    const auto value = [](const std::string& digits) {
        const std::size_t first = digits.find_first_not_of('0');
        return first == std::string::npos ? std::string_view() : std::string_view(digits).substr(first);
    };
    std::stable_sort(slots.begin(), slots.end(), [&](const auto& a, const auto& b) {
        const auto x = value(a.first), y = value(b.first);
        return x.size() != y.size() ? x.size() < y.size() : x < y;
    });
}

MadeEntry made_entry(const GraphNode& node) {
    MadeEntry entry;
    for (const PortItem& item : node.inputs) {
        const auto [field, index] = field_and_index(node, item);
        if (field == "input") {
            add_first(is_digits(index) ? entry.input_args : entry.input_kwargs, index, item);
        } else if (field == "parameters" && is_digits(index)) {
            add_first(entry.parameters, index, item);
        }
    }
    for (const PortItem& item : node.outputs) {
        const auto [field, index] = field_and_index(node, item);
        if (field == "output" && is_digits(index)) add_first(entry.output, index, item);
    }
    sort_positions(entry.input_args);
    sort_positions(entry.output);
    return entry;
}

void write_made_entry(py::JsonWriter& out, const GraphNode& node, const MadeEntry& entry) {
    const auto list = [&](const char* key, const std::vector<std::pair<std::string, const PortItem*>>& slots) {
        if (slots.empty()) return;
        out.key(key);
        out.begin_array();
        for (const auto& slot : slots) write_made_item(out, *slot.second);
        out.end_array();
    };
    out.begin_object();
    list("input_args", entry.input_args);
    if (!entry.input_kwargs.empty()) {
        out.key("input_kwargs");
        out.begin_object();
        for (const auto& [name, item] : entry.input_kwargs) {
            out.key(name);
            write_made_item(out, *item);
        }
        out.end_object();
    }
    list("output", entry.output);
    list("parameters", entry.parameters);
    write_merge_info(out, node);
    out.end_object();
}

void write_construct(const std::vector<const GraphNode*>& order, const fs::path& file) {
    py::JsonWriter out(file, 2);
    out.begin_object();
    for (const GraphNode* node : order) {
        if (node->parent == nullptr) continue;
        out.key(node->id);
        out.string(node->parent->id);
    }
    out.end_object();
    out.finish();
}

// A header member of the main rank's dump.json, `fallback` when it has none.
void write_header(py::JsonWriter& out, std::string_view key, dump::JsonView value, std::string_view fallback) {
    out.key(key);
    if (value.present())
        dump::copy_json_value(out, value);
    else
        out.string(fallback);
}

void write_dump(const ModelGraph& graph, const std::vector<const GraphNode*>& order, const fs::path& main_rank_folder,
                const fs::path& file) {
    const dump::JsonFile recorded = dump::JsonFile::load(main_rank_folder / "dump.json");
    const dump::JsonView root = recorded.root();
    const dump::JsonView data = root.member("data");
    py::JsonWriter out(file, 2);
    out.begin_object();
    write_header(out, "task", root.member("task"), "");
    write_header(out, "level", root.member("level"), "");
    write_header(out, "framework", root.member("framework"), "pytorch");
    const dump::JsonView dump_data_dir = root.member("dump_data_dir");
    if (dump_data_dir.truthy() && dump_data_dir.is_string() && graph.dump_data_dir) {
        out.key("dump_data_dir");
        out.string(*graph.dump_data_dir);  // where the graph shows the tensors
    } else {
        write_header(out, "dump_data_dir", dump_data_dir, "");
    }
    out.key("is_merged");
    out.boolean(true);
    out.key("data");
    out.begin_object();
    for (const GraphNode* node : order) {
        if (node == &graph.root() || (node->inputs.empty() && node->outputs.empty())) continue;
        const dump::JsonView entry = data.member(node->id);
        if (entry.is_object()) {
            out.key(node->id);
            write_recorded_entry(out, *node, entry);
            continue;
        }
        const MadeEntry made = made_entry(*node);
        if (made.empty()) continue;  // msprobe leaves out a node it can make nothing of
        out.key(node->id);
        write_made_entry(out, *node, made);
    }
    out.end_object();
    out.end_object();
    out.finish();
}

// {"<n>": [[ids...], [frames...]]}: nodes of equal stacks share a group, numbered as first met.
void write_stacks(const std::vector<const GraphNode*>& order, const fs::path& file) {
    std::vector<std::pair<std::vector<std::string_view>, const std::vector<std::string>*>> groups;
    std::unordered_map<std::string, std::size_t> group_of;
    for (const GraphNode* node : order) {
        if (node->stack == nullptr || node->stack->empty()) continue;
        std::string key;
        for (const std::string& frame : *node->stack) key.append(frame).push_back('\0');
        const auto [at, added] = group_of.try_emplace(std::move(key), groups.size());
        if (added) groups.push_back({{}, node->stack});
        groups[at->second].first.push_back(node->id);
    }
    py::JsonWriter out(file, 2);
    out.begin_object();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        out.key(std::to_string(g));
        out.begin_array();
        out.begin_array();
        for (const std::string_view id : groups[g].first) out.string(id);
        out.end_array();
        out.begin_array();
        for (const std::string& frame : *groups[g].second) out.string(frame);
        out.end_array();
        out.end_array();
    }
    out.end_object();
    out.finish();
}

}  // namespace

void stage_merged_dump_files(const ModelGraph& graph, const fs::path& main_rank_folder, const fs::path& folder,
                             report::StagedFiles& staged) {
    const std::vector<const GraphNode*> order = graph.post_order();
    const auto replace = report::Existing::Replace;  // msprobe writes the same names on every run
    staged.stage(
        folder / "construct.json", [&](const fs::path& temp) { write_construct(order, temp); }, replace);
    staged.stage(
        folder / "dump.json", [&](const fs::path& temp) { write_dump(graph, order, main_rank_folder, temp); }, replace);
    staged.stage(
        folder / "stack.json", [&](const fs::path& temp) { write_stacks(order, temp); }, replace);
}

}  // namespace msprobe::graph
