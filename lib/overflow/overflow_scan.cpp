#include "overflow/overflow_scan.hpp"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <functional>
#include <mutex>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "dump/data_name.hpp"
#include "dump/entry_view.hpp"
#include "dump/json_file.hpp"
#include "dump/stack_file.hpp"
#include "overflow/tensor_file_check.hpp"

namespace fs = std::filesystem;

namespace msprobe::overflow {

std::string_view class_name(OverflowClass c) {
    switch (c) {
        case OverflowClass::Origin: return "origin";
        case OverflowClass::Propagated: return "propagated";
        case OverflowClass::Absorbed: return "absorbed";
        case OverflowClass::Mutation: return "mutation";
    }
    return "";
}

std::string_view level_name(OverflowClass c) {
    switch (c) {
        case OverflowClass::Origin: return "critical";
        case OverflowClass::Propagated: return "high";
        case OverflowClass::Absorbed: return "medium";
        case OverflowClass::Mutation: return "high";
    }
    return "";
}

std::size_t DumpScan::overflow_count() const {
    return count(OverflowClass::Origin) + count(OverflowClass::Propagated) + count(OverflowClass::Absorbed);
}

const ScannedEntry* DumpScan::first_overflow() const {
    for (const auto& e : reported) {
        if (e.overflow_class == OverflowClass::Origin) return &e;
    }
    for (const auto& e : reported) {
        if (is_overflow(e.overflow_class)) return &e;
    }
    return nullptr;
}

namespace {

using dump::JsonView;

bool is_module(const std::string& name) { return name.rfind("Module.", 0) == 0 || name.rfind("Cell.", 0) == 0; }

bool in_scope(const std::string& name, Scope scope) {
    switch (scope) {
        case Scope::Api: return !is_module(name);
        case Scope::Module: return is_module(name);
        case Scope::All: return true;
    }
    return true;
}

bool in_direction(const std::string& direction, DirectionFilter filter) {
    if (filter == DirectionFilter::Both) return true;
    return direction == (filter == DirectionFilter::Forward ? "forward" : "backward");
}

// Norm of a top-level tensor record, as msprobe's mutation scene takes it.
std::optional<double> tensor_norm(JsonView record) {
    const dump::LeafView leaf(record);
    if (!leaf.is_record() || leaf.type() != std::string_view("torch.Tensor")) return std::nullopt;
    const auto norm = leaf.statistic(dump::Statistic::Norm).number();
    if (!norm || std::isnan(*norm)) return std::nullopt;
    return norm;
}

struct LargestNorm {
    std::optional<double> norm;
    std::string path;
    void offer(JsonView record, std::string path_text) {
        const auto n = tensor_norm(record);
        if (n && (!norm || *n > *norm)) {
            norm = n;
            path = std::move(path_text);
        }
    }
    void offer_list(JsonView list, std::string_view name) {
        for (std::size_t i = 0; i < list.items().size(); ++i) offer(list.item(i), fmt::format("{}[{}]", name, i));
    }
};

}  // namespace

std::optional<Mutation> find_mutation(JsonView json, double threshold) {
    if (threshold <= 0 || !json.is_object()) return std::nullopt;
    const dump::EntryView entry({}, json);
    LargestNorm in, out;
    if (const JsonView args = entry.input_args(); args.present()) {
        in.offer_list(args, "input_args");
    } else {
        in.offer_list(entry.backward_input(), "input");
    }
    for (const auto& m : entry.input_kwargs().members()) in.offer(m.value, fmt::format("input_kwargs.{}", m.name));
    out.offer_list(entry.output(), "output");
    if (!in.norm || !out.norm) return std::nullopt;
    const bool jump = *in.norm == 0 ? *out.norm > threshold : *out.norm / *in.norm > threshold;
    if (!jump) return std::nullopt;
    return Mutation{in.path, *in.norm, out.path, *out.norm};
}

namespace {

// Where the anomalies put the entry: an input or output anomaly decides; otherwise only a norm jump does.
// False when the entry is clean.
bool classify_entry(ScannedEntry& entry, JsonView value, double mutation_threshold) {
    const bool in_bad = entry.anomalies.input_bad();
    const bool out_bad = entry.anomalies.output_bad();
    if (!in_bad && out_bad) {
        entry.overflow_class = OverflowClass::Origin;
    } else if (in_bad && out_bad) {
        entry.overflow_class = OverflowClass::Propagated;
    } else if (in_bad) {
        entry.overflow_class = OverflowClass::Absorbed;
    } else if (auto mutation = find_mutation(value, mutation_threshold)) {
        entry.overflow_class = OverflowClass::Mutation;
        entry.mutation = std::move(mutation);
    } else {
        return false;
    }
    return true;
}

// The dump's task and level; refuses a file that is not a dump.json.
void read_dump_header(const dump::JsonFile& json, DumpScan& scan) {
    const JsonView root = json.root();
    if (!root.is_object()) throw Error(json.path(), "the top level is not a JSON object");
    scan.task = std::string(root.member("task").text());
    if (scan.task.empty()) throw Error(json.path(), "'task' is missing or empty");
    scan.level = std::string(root.member("level").text());
    const JsonView data = root.member("data");
    if (!data.present()) throw Error(json.path(), "'data' is missing");
    if (!data.is_object()) throw Error(json.path(), "'data' is not a JSON object");
}

// The call stacks of the reported entries, from the stack.json beside the dump when there is one.
void attach_stacks(DumpScan& scan) {
    const fs::path stack_path = scan.location.dump_json.parent_path() / "stack.json";
    if (scan.reported.empty() || !fs::is_regular_file(stack_path)) return;
    const auto stack = dump::StackFile::load(stack_path);
    for (auto& entry : scan.reported) {
        if (auto lines = stack.stack_lines(entry.api)) entry.stack = std::move(*lines);
    }
}

}  // namespace

DumpScan scan_dump(const DumpLocation& location, const ScanOptions& options, ThreadPool* pool) {
    const dump::JsonFile json = dump::JsonFile::load(location.dump_json);
    const JsonView root = json.root();
    DumpScan scan;
    scan.location = location;
    read_dump_header(json, scan);

    const std::vector<dump::EntryView> entries = dump::data_entries(root);
    scan.entries = entries.size();

    const fs::path tensor_dir = location.dump_json.parent_path() / "dump_tensor_data";
    const bool read_files = options.read_tensor_files && fs::is_directory(tensor_dir);
    if (options.read_tensor_files && scan.task == "tensor" && !read_files) {
        log::warning(fmt::format("{}: tensor dump without {}; checked by its statistics only.", json.path(),
                                 tensor_dir.string()));
    }
    std::atomic<std::size_t> files_read{0}, files_missing{0};
    AnomalyTest test;
    test.saturation = options.saturation;
    // The tensor file a record names, checked for the entry it belongs to.
    std::function<std::vector<StatAnomaly>(JsonView, const std::string&)> file_check;
    if (read_files) {
        file_check = [&](JsonView record, const std::string& entry) -> std::vector<StatAnomaly> {
            const auto name = dump::LeafView(record).data_name();
            if (!name) return {};
            const fs::path file = dump::data_file_path(tensor_dir, *name, json.path(), entry);
            if (!fs::is_regular_file(file)) {
                ++files_missing;
                return {};
            }
            ++files_read;
            return tensor_file_anomalies(file, test.include_mean);
        };
    }

    struct Verdict {
        bool flagged = false;
        bool filtered = false;
        ScannedEntry entry;
    };
    std::vector<Verdict> verdicts(entries.size());
    const auto classify = [&](std::int64_t index) {
        const dump::EntryView& scanned = entries[static_cast<std::size_t>(index)];
        const JsonView value = scanned.json();
        Verdict& verdict = verdicts[static_cast<std::size_t>(index)];
        std::string name(scanned.name());
        std::string direction(scanned.direction());
        if (!in_scope(name, options.scope) || !in_direction(direction, options.direction)) return;
        ScannedEntry entry;
        ExtraRecordCheck entry_file_check;
        if (file_check) entry_file_check = [&](JsonView record) { return file_check(record, name); };
        entry.anomalies = find_entry_anomalies(value, test, entry_file_check);
        if (!classify_entry(entry, value, options.mutation_threshold)) return;
        verdict.flagged = true;
        verdict.filtered = options.rules.ignores(name, entry.anomalies);
        entry.seq = static_cast<std::size_t>(index);
        entry.api = std::move(name);
        entry.direction = std::move(direction);
        verdict.entry = std::move(entry);
    };
    if (pool && read_files) {
        pool->parallel_for(static_cast<std::int64_t>(entries.size()), classify);
    } else {
        for (std::size_t i = 0; i < entries.size(); ++i) classify(static_cast<std::int64_t>(i));
    }

    for (auto& verdict : verdicts) {
        if (!verdict.flagged) continue;
        if (verdict.filtered) {
            ++scan.filtered;
            continue;
        }
        ++scan.counts[static_cast<std::size_t>(verdict.entry.overflow_class)];
        scan.reported.push_back(std::move(verdict.entry));
    }
    scan.tensor_files_read = files_read;
    scan.tensor_files_missing = files_missing;
    if (scan.tensor_files_missing > 0) {
        log::warning(fmt::format("{}: {} tensor file(s) named in the dump are missing from {}; those records were "
                                 "checked by their statistics only.",
                                 json.path(), scan.tensor_files_missing, tensor_dir.string()));
    }

    attach_stacks(scan);
    return scan;
}

}  // namespace msprobe::overflow
