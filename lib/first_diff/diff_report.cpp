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

using Rows = std::vector<std::pair<std::string_view, dump::JsonView>>;

// The metrics the analyzer keeps of a row: the four NPU statistics, or the
// NPU digest, plus the P2POp peer.
void write_metrics(py::JsonWriter& out, dump::JsonView row) {
    out.begin_object();
    auto put = [&](const char* key) {
        out.key(key);
        copy_json_value(out, row.member(key));
    };
    if (row.has_member("NPU max")) {
        for (const char* key : {"NPU max", "NPU min", "NPU mean", "NPU l2norm"}) put(key);
    } else if (row.has_member("NPU MD5")) {
        put("NPU MD5");
    }
    if (row.has_member("NPU P2POp peer")) put("NPU P2POp peer");
    out.end_object();
}

void write_rows(py::JsonWriter& out, const Rows& rows) {
    out.begin_object();
    for (const auto& [name, row] : rows) {
        out.key(name);
        write_metrics(out, row);
    }
    out.end_object();
}

void write_node(py::JsonWriter& out, const std::string& op_name, dump::JsonView entry) {
    const dump::JsonView items = entry.member("op_items");
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
    dump::JsonView stack;
    for (const dump::JsonView row : items.items()) {
        const dump::JsonView s = row.member("NPU_Stack_Info");
        const bool not_applicable = s.string() == "N/A";
        if (!not_applicable && !stack.truthy()) stack = s;
    }
    out.key("stack_info");
    copy_json_value(out, stack);
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
        const dump::JsonView entry = dump::JsonView(file->root()).member(name);
        if (!entry) throw Error(file->path(), fmt::format("entry '{}' disappeared while analysing", name));
        write_node(out, name, entry);
    }
    if (open_rank) out.end_array();
    out.end_object();
    out.finish();
}

}  // namespace msprobe::first_diff
