#include "parse/dump_entry_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/memory_budget.hpp"
#include "common/python_text.hpp"
#include "dump/construct_chain.hpp"
#include "dump/data_name.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/entry_view.hpp"
#include "dump/json_file.hpp"
#include "dump/kept_json_values.hpp"
#include "dump/python_value.hpp"
#include "dump/stack_file.hpp"
#include "parse/tensor_report.hpp"
#include "tensor/tensor_summary.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::parse {

namespace {

using Json = nlohmann::ordered_json;
using dump::JsonView;

std::string text_of(JsonView v) { return dump::python_str(v); }

// The raw record for --format json; non-finite numbers become "nan"/"inf"/"-inf"
// so the output stays standard JSON.
Json to_json(JsonView v) {
    if (v.is_bool()) return *v.boolean();
    if (const auto text = v.string()) return std::string(*text);
    if (const auto integer = v.integer()) return *integer;
    if (const auto big = v.uint64()) return *big;
    if (const auto number = v.number()) {
        if (!std::isfinite(*number)) return py::float_repr(*number);
        return *number;
    }
    if (v.is_array()) {
        Json out = Json::array();
        for (const JsonView item : v.items()) out.push_back(to_json(item));
        return out;
    }
    if (v.is_object()) {
        Json out = Json::object();
        for (const auto& m : v.members()) out[std::string(m.name)] = to_json(m.value);
        return out;
    }
    return nullptr;
}

bool is_leaf(JsonView v) { return v.is_object() && v.has_member("type"); }

// "torch.Tensor  torch.float32  [2, 1, 2, 2]  max=... requires_grad=True data=..."
std::string leaf_text(const dump::LeafView& leaf) {
    const JsonView record = leaf.json();
    const std::string type = text_of(record.member("type"));
    const JsonView value = leaf.value();
    if (value.present() && !record.has_member("dtype")) return type + "  " + text_of(value);
    std::string out = type;
    if (const JsonView dtype = record.member("dtype")) out += "  " + text_of(dtype);
    if (const JsonView shape = record.member("shape")) out += "  " + text_of(shape);
    std::string stats;
    static constexpr std::pair<dump::Statistic, const char*> kStatistics[] = {{dump::Statistic::Max, "max"},
                                                                             {dump::Statistic::Min, "min"},
                                                                             {dump::Statistic::Mean, "mean"},
                                                                             {dump::Statistic::Norm, "norm"}};
    for (const auto& [statistic, label] : kStatistics) {
        if (const JsonView v = leaf.statistic(statistic))
            stats += fmt::format("{}{}={}", stats.empty() ? "" : " ", label, text_of(v));
    }
    if (const JsonView md5 = record.member("md5")) stats += (stats.empty() ? "" : " ") + ("md5=" + text_of(md5));
    if (const JsonView rg = record.member("requires_grad"))
        stats += (stats.empty() ? "" : " ") + ("requires_grad=" + text_of(rg));
    if (const JsonView data = record.member("data_name"))
        stats += (stats.empty() ? "" : " ") + ("data=" + text_of(data));
    if (value.present()) stats += (stats.empty() ? "" : " ") + ("value=" + text_of(value));
    if (!stats.empty()) out += "  " + stats;
    return out;
}

void argument_lines(const std::string& path, JsonView v, std::string& out) {
    auto line = [&](const std::string& text) {
        out += "  " + path + std::string(std::max<std::size_t>(3, 16 > path.size() ? 16 - path.size() : 0), ' ') +
               text + "\n";
    };
    if (v.is_null()) {
        line("None");
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) argument_lines(fmt::format("{}[{}]", path, i), v.item(i), out);
    } else if (v.is_object() && v.size() == 0) {
        line("<unrecorded>");
    } else if (is_leaf(v)) {
        line(leaf_text(dump::LeafView(v)));
    } else if (v.is_object()) {
        for (const auto& m : v.members()) argument_lines(path + "." + std::string(m.name), m.value, out);
    } else {
        line(text_of(v));
    }
}

// input_args, input_kwargs, input, output, parameters, ...: every container
// member of the entry (flags such as is_recompute are not arguments).
std::string entry_lines(JsonView entry) {
    std::string out;
    for (const auto& m : entry.members()) {
        if (!m.value.is_array() && !m.value.is_object()) continue;
        if (m.value.is_object() && m.value.size() == 0) continue;  // no keyword arguments
        argument_lines(std::string(m.name), m.value, out);
    }
    return out;
}

// The construct chain of an entry construct.json lists (none otherwise), by
// parse's rules: an empty name is a module, a cycle is followed up to 1000 nodes.
std::vector<std::string> construct_chain(const dump::ConstructParents& construct, const std::string& name) {
    if (!construct.contains(name)) return {};
    return dump::construct_chain(construct, name, dump::ConstructChainRules::parse());
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

// Every data_name an entry records, depth first in file order.
void collect_data_names(JsonView v, std::vector<std::string>& out) {
    if (v.is_array()) {
        for (const JsonView item : v.items()) collect_data_names(item, out);
    } else if (v.is_object()) {
        if (const auto name = dump::LeafView(v).data_name()) {
            out.emplace_back(*name);
            return;
        }
        for (const auto& m : v.members()) collect_data_names(m.value, out);
    }
}

// --with-data: the `pt` summary of each tensor file in <dir>/dump_tensor_data, text or JSON.
struct DataSummaries {
    std::string text;
    Json json = Json::array();
};

DataSummaries data_summaries(JsonView entry, const std::string& entry_name, const std::string& dump_json,
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

// A dump.json as parse needs it, read as the file streams: every entry's name (for the selection and the
// not-found message) and copies of the entries the query may select; the rest is never held. A stack.json
// has no "data" and gives nothing here.
class StreamedDump {
public:
    StreamedDump(const std::filesystem::path& path, const ApiQuery& query) : path_(path.string()) {
        try {
            const InputFile input = InputFile::open(path, InputKind::Json);
            const MemoryReservation reservation = reserve_for_reading(input, kEntryLookupFootprintPerByte);
            const auto keep_selectable = [&](std::uint32_t index, std::string_view name, JsonView entry) {
                if (may_select(name, query)) selectable_.emplace(index, kept_.keep(entry));
            };
            auto summary = dump::stream_dump_entries(input, dump::DumpTopLevel::Object, keep_selectable);
            if (summary.data == dump::DumpStreamSummary::Data::NotObject) {
                throw Error(path_, "'data' is not a JSON object");
            }
            has_data_ = summary.data == dump::DumpStreamSummary::Data::Object;
            task_ = top_text(summary, "task");
            level_ = top_text(summary, "level");
            names_ = summary.entry_names.names();
        } catch (...) {
            rethrow_naming(path_);
        }
    }

    bool has_data() const { return has_data_; }
    const std::string& path() const { return path_; }
    const std::string& task() const { return task_; }
    const std::string& level() const { return level_; }
    const std::vector<std::string>& names() const { return names_; }
    // The entry at `seq` (a position of names()); empty unless the query may select it.
    JsonView entry(std::size_t seq) const {
        const auto it = selectable_.find(seq);
        return it == selectable_.end() ? JsonView() : it->second;
    }

private:
    // Peak bytes of memory per byte of the file: the entry names (about 0.15) and the few entries a query
    // selects; the file streams through a fixed buffer.
    static constexpr std::uintmax_t kEntryLookupFootprintPerByte = 1;

    // A top-level string member as written, "?" when absent or not a string.
    static std::string top_text(const dump::DumpStreamSummary& summary, std::string_view key) {
        const auto it = summary.top_strings.find(key);
        return it == summary.top_strings.end() ? "?" : it->second;
    }

    std::string path_;
    bool has_data_ = false;
    std::string task_;
    std::string level_;
    std::vector<std::string> names_;
    dump::KeptJsonValues kept_;
    std::map<std::size_t, JsonView> selectable_;  // by position in names_
};

}  // namespace

EntryReport report_entries(const EntryReportOptions& options) {
    const StreamedDump dump(options.file, options.query);
    const bool is_stack_file = !dump.has_data();

    const auto dir = options.file.parent_path();
    std::optional<dump::StackFile> stack;
    dump::ConstructParents construct;
    if (is_stack_file) {
        stack = dump::StackFile::load(options.file);
    } else {
        const auto stack_path = options.stack_path.value_or(dir / "stack.json");
        std::error_code ec;
        if (options.stack_path || std::filesystem::is_regular_file(stack_path, ec))
            stack = dump::StackFile::load(stack_path);
        if (const auto file = load_optional(options.construct_path, dir / "construct.json")) {
            construct = dump::ConstructParents::of(file->root());
        }
    }

    const std::vector<std::string> names = is_stack_file ? stack->api_names() : dump.names();
    const auto selected = select_entries(names, options.query);
    EntryReport report;
    if (selected.empty()) {
        report.not_found_message = not_found_message(names, options.query, options.file.string());
        return report;
    }
    report.found = true;

    const std::string file_name = options.file.filename().string();
    const std::string task = is_stack_file ? "" : dump.task();
    const std::string level = is_stack_file ? "" : dump.level();
    Json matches = Json::array();
    std::string text;
    for (const std::size_t seq : selected) {
        const std::string& name = names[seq];
        const JsonView entry = dump.entry(seq);  // none in a stack.json
        const std::vector<std::string>* lines = stack ? stack->stack_lines(name) : nullptr;
        const auto chain = construct_chain(construct, name);
        if (options.json) {
            Json match = {{"api", name}, {"seq", seq}};
            match["entry"] = entry.present() ? to_json(entry) : Json(nullptr);
            match["construct"] = chain;
            match["stack"] = lines != nullptr ? Json(*lines) : Json(nullptr);
            if (options.with_data && entry.present())
                match["data"] = data_summaries(entry, name, dump.path(), dir, options.head).json;
            matches.push_back(std::move(match));
            continue;
        }
        if (is_stack_file) {
            text += fmt::format("{}   ({}: stack #{})\n", name, file_name, seq);
        } else {
            text += fmt::format("{}   ({}: task={}, level={}, seq #{})\n", name, file_name, task, level, seq);
        }
        if (entry.present() && !options.stack_only) text += entry_lines(entry);
        if (options.with_data && entry.present() && !options.stack_only)
            text += data_summaries(entry, name, dump.path(), dir, options.head).text;
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
