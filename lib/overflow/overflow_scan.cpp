#include "overflow/overflow_scan.hpp"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "dump/data_name.hpp"
#include "dump/entry_view.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/kept_json_values.hpp"
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

// Entries whose tensor files are read are checked this many at a time, side by side.
constexpr std::size_t kEntryBatch = 64;

// An entry kept past its turn in the stream, for a batch checked in parallel; its value is in the batch's
// KeptJsonValues.
struct HeldEntry {
    std::size_t index;
    std::string name;
    JsonView value;
};

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

DumpScan scan_dump(const DumpLocation& location, const ScanOptions& options, ThreadPool* pool, Progress* tensor_files) {
    const std::string path = location.dump_json.string();
    DumpScan scan;
    scan.location = location;

    const fs::path tensor_dir = location.dump_json.parent_path() / "dump_tensor_data";
    const bool read_files = options.read_tensor_files && fs::is_directory(tensor_dir);
    std::atomic<std::size_t> files_read{0}, files_missing{0};
    AnomalyTest test;
    test.saturation = options.saturation;
    // The tensor file a record names, checked for the entry it belongs to.
    std::function<std::vector<StatAnomaly>(JsonView, const std::string&)> file_check;
    if (read_files) {
        file_check = [&](JsonView record, const std::string& entry) -> std::vector<StatAnomaly> {
            const auto name = dump::LeafView(record).data_name();
            if (!name) return {};
            const fs::path file = dump::data_file_path(tensor_dir, *name, path, entry);
            if (!fs::is_regular_file(file)) {
                ++files_missing;
                return {};
            }
            ++files_read;
            auto anomalies = tensor_file_anomalies(file, test.include_mean);
            if (tensor_files != nullptr) tensor_files->advance();
            return anomalies;
        };
    }

    // The entry, classified; nullopt when it is clean or out of scope.
    const auto classify = [&](std::size_t index, std::string_view entry_name,
                              JsonView value) -> std::optional<std::pair<ScannedEntry, bool>> {
        std::string name(entry_name);
        std::string direction(dump::entry_direction(name));
        if (!in_scope(name, options.scope) || !in_direction(direction, options.direction)) return std::nullopt;
        ScannedEntry entry;
        ExtraRecordCheck entry_file_check;
        if (file_check) entry_file_check = [&](JsonView record) { return file_check(record, name); };
        entry.anomalies = find_entry_anomalies(value, test, entry_file_check);
        if (!classify_entry(entry, value, options.mutation_threshold)) return std::nullopt;
        const bool filtered = options.rules.ignores(name, entry.anomalies);
        entry.seq = index;
        entry.api = std::move(name);
        entry.direction = std::move(direction);
        return std::pair{std::move(entry), filtered};
    };
    const auto record = [&scan](std::optional<std::pair<ScannedEntry, bool>> verdict) {
        if (!verdict) return;
        if (verdict->second) {
            ++scan.filtered;
            return;
        }
        ++scan.counts[static_cast<std::size_t>(verdict->first.overflow_class)];
        scan.reported.push_back(std::move(verdict->first));
    };

    // Tensor files are read for a batch of entries in parallel; without them an entry is checked as it comes.
    const bool batched = pool && read_files;
    std::vector<HeldEntry> batch;
    dump::KeptJsonValues batch_values;
    const auto check_batch = [&] {
        std::vector<std::optional<std::pair<ScannedEntry, bool>>> verdicts(batch.size());
        pool->parallel_for(static_cast<std::int64_t>(batch.size()), [&](std::int64_t i) {
            const HeldEntry& held = batch[static_cast<std::size_t>(i)];
            verdicts[static_cast<std::size_t>(i)] = classify(held.index, held.name, held.value);
        });
        for (auto& verdict : verdicts) record(std::move(verdict));
        batch.clear();
        batch_values = dump::KeptJsonValues();
    };
    try {
        const InputFile file = InputFile::open(location.dump_json, InputKind::Json);
        const auto scan_entry = [&](std::uint32_t index, std::string_view name, JsonView value) {
            if (!batched) return record(classify(index, name, value));
            batch.push_back(HeldEntry{index, std::string(name), batch_values.keep(value)});
            if (batch.size() == kEntryBatch) check_batch();
        };
        const auto summary = dump::stream_dump_entries(file, dump::DumpTopLevel::DumpLayout, scan_entry);
        scan.task = summary.top_string("task");
        scan.level = summary.top_string("level");
        if (!batch.empty()) check_batch();
        scan.entries = summary.entry_names.size();
    } catch (...) {
        rethrow_naming(path);
    }
    if (options.read_tensor_files && scan.task == "tensor" && !read_files) {
        log::warning(fmt::format("{}: tensor dump without {}; checked by its statistics only.", path,
                                 tensor_dir.string()));
    }
    scan.tensor_files_read = files_read;
    scan.tensor_files_missing = files_missing;
    if (scan.tensor_files_missing > 0) {
        log::warning(fmt::format("{}: {} tensor file(s) named in the dump are missing from {}; those records were "
                                 "checked by their statistics only.",
                                 path, scan.tensor_files_missing, tensor_dir.string()));
    }

    attach_stacks(scan);
    return scan;
}

}  // namespace msprobe::overflow
