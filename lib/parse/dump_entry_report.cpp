#include "parse/dump_entry_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "dump/data_name.hpp"
#include "dump/json_file.hpp"
#include "dump/python_value.hpp"
#include "dump/stack_file.hpp"
#include "parse/tensor_report.hpp"
#include "tensor/tensor_summary.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::parse {

namespace {

using Json = nlohmann::ordered_json;
using rapidjson::Value;

std::string text_of(const Value& v) { return dump::python_str(v); }

using dump::find_member;

// The raw record for --format json; non-finite numbers become "nan"/"inf"/"-inf"
// so the output stays standard JSON.
Json to_json(const Value& v) {
    switch (v.GetType()) {
        case rapidjson::kNullType: return nullptr;
        case rapidjson::kFalseType: return false;
        case rapidjson::kTrueType: return true;
        case rapidjson::kStringType: return std::string(v.GetString(), v.GetStringLength());
        case rapidjson::kNumberType:
            if (v.IsInt64()) return v.GetInt64();
            if (v.IsUint64()) return v.GetUint64();
            if (!std::isfinite(v.GetDouble())) return py::float_repr(v.GetDouble());
            return v.GetDouble();
        case rapidjson::kArrayType: {
            Json out = Json::array();
            for (const auto& item : v.GetArray()) out.push_back(to_json(item));
            return out;
        }
        case rapidjson::kObjectType: {
            Json out = Json::object();
            for (const auto& m : v.GetObject()) out[std::string(m.name.GetString(), m.name.GetStringLength())] = to_json(m.value);
            return out;
        }
    }
    return nullptr;
}

bool is_leaf(const Value& v) { return v.IsObject() && find_member(v, "type") != nullptr; }

// "torch.Tensor  torch.float32  [2, 1, 2, 2]  max=... requires_grad=True data=..."
std::string leaf_text(const Value& leaf) {
    const std::string type = text_of(*find_member(leaf, "type"));
    const Value* value = find_member(leaf, "value");
    if (value != nullptr && find_member(leaf, "dtype") == nullptr) return type + "  " + text_of(*value);
    std::string out = type;
    if (const Value* dtype = find_member(leaf, "dtype")) out += "  " + text_of(*dtype);
    if (const Value* shape = find_member(leaf, "shape")) out += "  " + text_of(*shape);
    std::string stats;
    static constexpr std::pair<const char*, const char*> kStatistics[] = {
        {"Max", "max"}, {"Min", "min"}, {"Mean", "mean"}, {"Norm", "norm"}};
    for (const auto& [key, label] : kStatistics) {
        if (const Value* v = find_member(leaf, key)) stats += fmt::format("{}{}={}", stats.empty() ? "" : " ", label, text_of(*v));
    }
    if (const Value* md5 = find_member(leaf, "md5")) stats += (stats.empty() ? "" : " ") + ("md5=" + text_of(*md5));
    if (const Value* rg = find_member(leaf, "requires_grad")) stats += (stats.empty() ? "" : " ") + ("requires_grad=" + text_of(*rg));
    if (const Value* data = find_member(leaf, "data_name")) stats += (stats.empty() ? "" : " ") + ("data=" + text_of(*data));
    if (value != nullptr) stats += (stats.empty() ? "" : " ") + ("value=" + text_of(*value));
    if (!stats.empty()) out += "  " + stats;
    return out;
}

void argument_lines(const std::string& path, const Value& v, std::string& out) {
    auto line = [&](const std::string& text) {
        out += "  " + path + std::string(std::max<std::size_t>(3, 16 > path.size() ? 16 - path.size() : 0), ' ') +
               text + "\n";
    };
    if (v.IsNull()) {
        line("None");
    } else if (v.IsArray()) {
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) argument_lines(fmt::format("{}[{}]", path, i), v[i], out);
    } else if (v.IsObject() && v.ObjectEmpty()) {
        line("<unrecorded>");
    } else if (is_leaf(v)) {
        line(leaf_text(v));
    } else if (v.IsObject()) {
        for (const auto& m : v.GetObject()) {
            argument_lines(path + "." + std::string(m.name.GetString(), m.name.GetStringLength()), m.value, out);
        }
    } else {
        line(text_of(v));
    }
}

// input_args, input_kwargs, input, output, parameters, ...: every container
// member of the entry (flags such as is_recompute are not arguments).
std::string entry_lines(const Value& entry) {
    std::string out;
    if (!entry.IsObject()) return out;
    for (const auto& m : entry.GetObject()) {
        if (!m.value.IsArray() && !m.value.IsObject()) continue;
        if (m.value.IsObject() && m.value.ObjectEmpty()) continue;  // no keyword arguments
        argument_lines(std::string(m.name.GetString(), m.name.GetStringLength()), m.value, out);
    }
    return out;
}

// construct.json: node -> parent (text, null, or a list whose first item is the parent).
std::vector<std::string> construct_chain(const Value* construct, const std::string& name) {
    std::vector<std::string> chain;
    if (construct == nullptr || !construct->IsObject() || find_member(*construct, name.c_str()) == nullptr) return chain;
    std::string node = name;
    for (int depth = 0; depth < 1000; ++depth) {
        chain.insert(chain.begin(), node);
        const Value* parent = find_member(*construct, node.c_str());
        if (parent != nullptr && parent->IsArray()) parent = parent->Empty() ? nullptr : &(*parent)[0];
        if (parent == nullptr || !parent->IsString()) break;
        node = std::string(parent->GetString(), parent->GetStringLength());
    }
    return chain;
}

// "File <path>, line <n>, in <fn>, \n <code>" -> the two traceback lines.
std::string traceback_text(const std::vector<std::string>& lines) {
    std::string out = "Trace back (innermost last):\n";
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        const auto split = it->find(", \n");
        if (split == std::string::npos) {
            out += "  " + *it + "\n";
            continue;
        }
        std::string code = it->substr(split + 3);
        if (!code.empty() && code.front() == ' ') code.erase(0, 1);
        out += "  " + it->substr(0, split) + "\n    " + code + "\n";
    }
    return out;
}

std::optional<dump::JsonFile> load_optional(const std::optional<std::filesystem::path>& given,
                                            const std::filesystem::path& beside) {
    if (given) return dump::JsonFile::load(*given);
    std::error_code ec;
    if (std::filesystem::is_regular_file(beside, ec)) return dump::JsonFile::load(beside);
    return std::nullopt;
}

std::string member_text(const Value& root, const char* key) {
    const Value* v = find_member(root, key);
    return v != nullptr && v->IsString() ? std::string(v->GetString(), v->GetStringLength()) : std::string("?");
}

// Every data_name an entry records, depth first in file order.
void collect_data_names(const Value& v, std::vector<std::string>& out) {
    if (v.IsArray()) {
        for (const auto& item : v.GetArray()) collect_data_names(item, out);
    } else if (v.IsObject()) {
        if (const Value* name = find_member(v, "data_name"); name != nullptr && name->IsString()) {
            out.emplace_back(name->GetString(), name->GetStringLength());
            return;
        }
        for (const auto& m : v.GetObject()) collect_data_names(m.value, out);
    }
}

// --with-data: the `pt` summary of each tensor file in <dir>/dump_tensor_data, text or JSON.
struct DataSummaries {
    std::string text;
    Json json = Json::array();
};

DataSummaries data_summaries(const Value& entry, const std::string& entry_name, const std::string& dump_json,
                             const std::filesystem::path& dir, std::int64_t head) {
    std::vector<std::string> names;
    collect_data_names(entry, names);
    DataSummaries out;
    for (const auto& name : names) {
        const auto file = dump::data_file_path(dir / "dump_tensor_data", name, dump_json, entry_name);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(file, ec)) {
            out.text += "Data " + name + ": no such file in " + (dir / "dump_tensor_data").string() + "\n";
            out.json.push_back({{"data_name", name}, {"error", "no such file"}});
            continue;
        }
        const auto view = tensor::read_tensor_file(file);
        const auto values = tensor::tensor_values(view, file.string());
        const auto summary = tensor::summarize(view, values);
        out.text += "Data " + name + ":\n" + summary_text(summary, values, file.string(), head);
        out.json.push_back(Json::parse(summary_json(summary, values, file.string(), head)));
    }
    return out;
}

}  // namespace

EntryReport report_entries(const EntryReportOptions& options) {
    const dump::JsonFile json = dump::JsonFile::load(options.file);
    const Value& root = json.root();
    if (!root.IsObject()) throw Error(json.path(), "the top level is not a JSON object");
    const Value* data = find_member(root, "data");
    const bool is_stack_file = data == nullptr;
    if (data != nullptr && !data->IsObject()) throw Error(json.path(), "'data' is not a JSON object");

    const auto dir = options.file.parent_path();
    std::optional<dump::StackFile> stack;
    std::optional<dump::JsonFile> construct;
    if (is_stack_file) {
        stack = dump::StackFile::load(options.file);
    } else {
        const auto stack_path = options.stack_path.value_or(dir / "stack.json");
        std::error_code ec;
        if (options.stack_path || std::filesystem::is_regular_file(stack_path, ec)) stack = dump::StackFile::load(stack_path);
        construct = load_optional(options.construct_path, dir / "construct.json");
    }

    std::vector<std::string> names;
    if (is_stack_file) {
        names = stack->api_names();
    } else {
        for (const auto& m : data->GetObject()) names.emplace_back(m.name.GetString(), m.name.GetStringLength());
    }
    const auto selected = select_entries(names, options.query);
    EntryReport report;
    if (selected.empty()) {
        report.not_found_message = not_found_message(names, options.query, options.file.string());
        return report;
    }
    report.found = true;

    const std::string file_name = options.file.filename().string();
    const std::string task = is_stack_file ? "" : member_text(root, "task");
    const std::string level = is_stack_file ? "" : member_text(root, "level");
    const Value* construct_root = construct ? &construct->root() : nullptr;
    Json matches = Json::array();
    std::string text;
    for (const std::size_t seq : selected) {
        const std::string& name = names[seq];
        const Value* entry = is_stack_file ? nullptr : find_member(*data, name.c_str());
        const std::vector<std::string>* lines = stack ? stack->stack_lines(name) : nullptr;
        const auto chain = construct_chain(construct_root, name);
        if (options.json) {
            Json match = {{"api", name}, {"seq", seq}};
            match["entry"] = entry != nullptr ? to_json(*entry) : Json(nullptr);
            match["construct"] = chain;
            match["stack"] = lines != nullptr ? Json(*lines) : Json(nullptr);
            if (options.with_data && entry != nullptr) match["data"] = data_summaries(*entry, name, json.path(), dir, options.head).json;
            matches.push_back(std::move(match));
            continue;
        }
        if (is_stack_file) {
            text += fmt::format("{}   ({}: stack #{})\n", name, file_name, seq);
        } else {
            text += fmt::format("{}   ({}: task={}, level={}, seq #{})\n", name, file_name, task, level, seq);
        }
        if (entry != nullptr && !options.stack_only) text += entry_lines(*entry);
        if (options.with_data && entry != nullptr && !options.stack_only) text += data_summaries(*entry, name, json.path(), dir, options.head).text;
        if (options.stats_only) continue;
        if (chain.size() > 1) {  // a node without parents says nothing
            std::string joined;
            for (const auto& node : chain) joined += (joined.empty() ? "" : " > ") + node;
            text += "Construct: " + joined + "\n";
        }
        if (lines != nullptr) text += traceback_text(*lines);
    }
    if (options.json) {
        report.output = (matches.size() == 1 ? matches[0] : matches).dump(1) + "\n";
    } else {
        report.output = std::move(text);
    }
    return report;
}

}  // namespace msprobe::parse
