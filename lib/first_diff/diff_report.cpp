#include "first_diff/diff_report.hpp"

#include <fmt/format.h>

#include <optional>
#include <string_view>
#include <utility>

#include "common/error.hpp"
#include "common/python_json_writer.hpp"
#include "dump/json_file.hpp"
#include "first_diff/json_copy.hpp"

namespace msprobe::first_diff {

namespace {

using Rows = std::vector<std::pair<std::string_view, const rapidjson::Value*>>;

// The metrics the analyzer keeps of a row: the four NPU statistics, or the
// NPU digest, plus the P2POp peer.
void write_metrics(py::JsonWriter& out, const rapidjson::Value& row) {
    out.begin_object();
    auto put = [&](const char* key) {
        out.key(key);
        const auto* v = dump::find_member(row, key);
        if (v) {
            copy_json_value(out, *v);
        } else {
            out.null();
        }
    };
    if (dump::find_member(row, "NPU max")) {
        for (const char* key : {"NPU max", "NPU min", "NPU mean", "NPU l2norm"}) put(key);
    } else if (dump::find_member(row, "NPU MD5")) {
        put("NPU MD5");
    }
    if (dump::find_member(row, "NPU P2POp peer")) put("NPU P2POp peer");
    out.end_object();
}

void write_rows(py::JsonWriter& out, const Rows& rows) {
    out.begin_object();
    for (const auto& [name, row] : rows) {
        out.key(name);
        write_metrics(out, *row);
    }
    out.end_object();
}

void write_node(py::JsonWriter& out, const std::string& op_name, const rapidjson::Value& entry) {
    static const rapidjson::Value kNoItems(rapidjson::kArrayType);
    const auto* found = dump::find_member(entry, "op_items");
    const rapidjson::Value& items = found ? *found : kNoItems;
    out.begin_object();
    out.key("op_name");
    out.string(op_name);
    out.key("data_info");
    out.begin_object();
    out.key("input");
    write_rows(out, rows_of_state(items, "input"));
    out.key("output");
    write_rows(out, rows_of_state(items, "output"));
    out.end_object();
    // The first frame list that is not "N/A" (later rows fill in an empty one).
    const rapidjson::Value* stack = nullptr;
    if (items.IsArray()) {
        for (const auto& row : items.GetArray()) {
            const auto* s = dump::find_member(row, "NPU_Stack_Info");
            const bool not_applicable = s && s->IsString() && json_text(*s) == "N/A";
            if (!not_applicable && !json_truthy(stack)) stack = s;
        }
    }
    out.key("stack_info");
    if (stack) {
        copy_json_value(out, *stack);
    } else {
        out.null();
    }
    out.end_object();
}

}  // namespace

void write_diff_report(const std::vector<Finding>& findings, const std::vector<RankOps>& ranks,
                       const std::map<std::int64_t, std::filesystem::path>& result_files,
                       const std::filesystem::path& out_file) {
    py::JsonWriter out(out_file, 2);
    out.begin_object();
    std::optional<std::int64_t> open_rank;
    std::optional<dump::JsonFile> file;
    for (const auto& finding : findings) {  // ascending rank
        if (open_rank != finding.rank) {
            if (open_rank) out.end_array();
            open_rank = finding.rank;
            out.key(fmt::format("rank_{}", finding.rank));
            out.begin_array();
            file.emplace(dump::JsonFile::load(result_files.at(finding.rank)));
        }
        const RankOps* rank_ops = nullptr;
        for (const auto& r : ranks) {
            if (r.rank == finding.rank) rank_ops = &r;
        }
        if (!rank_ops || finding.index >= rank_ops->ops.size()) {
            throw Error(out_file.string(), fmt::format("rank {} has no op number {}", finding.rank, finding.index));
        }
        const std::string& name = rank_ops->ops[finding.index].name;
        const auto* entry = dump::find_member(file->root(), name.c_str());
        if (!entry) throw Error(file->path(), fmt::format("entry '{}' disappeared while analysing", name));
        write_node(out, name, *entry);
    }
    if (open_rank) out.end_array();
    out.end_object();
    out.finish();
}

}  // namespace msprobe::first_diff
