#pragma once
// Statistics-based overflow scan of one dump.json:
// every entry classified as the origin of an inf/NaN (clean inputs, bad
// outputs), a propagation of one (bad in, bad out), an absorption (bad in,
// clean out) or a numerical mutation (norm jump), in execution order.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/progress.hpp"
#include "dump/json_view.hpp"
#include "overflow/dump_locations.hpp"
#include "overflow/entry_anomalies.hpp"
#include "overflow/ignore_rules.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::overflow {

enum class OverflowClass : std::uint8_t { Origin, Propagated, Absorbed, Mutation };
constexpr std::size_t kClassCount = 4;

std::string_view class_name(OverflowClass c);  // "origin", "propagated", "absorbed", "mutation"
std::string_view level_name(OverflowClass c);  // msprobe's detector levels: critical, high, medium, high
inline bool is_overflow(OverflowClass c) { return c != OverflowClass::Mutation; }

enum class Scope : std::uint8_t { Api, Module, All };
enum class DirectionFilter : std::uint8_t { Both, Forward, Backward };

struct ScanOptions {
    Scope scope = Scope::Api;
    DirectionFilter direction = DirectionFilter::Both;
    double mutation_threshold = 100;  // <= 0 turns the mutation scene off
    bool saturation = false;
    IgnoreRules rules = IgnoreRules::builtin();
    bool read_tensor_files = true;  // tensor dumps: also test the values in dump_tensor_data
};

// The norm jump of a mutation entry: largest output Norm against largest input Norm.
struct Mutation {
    std::string input_path;
    double input_norm = 0;
    std::string output_path;
    double output_norm = 0;
};

struct ScannedEntry {
    std::size_t seq = 0;  // position in dump.json's data (0-based), the execution order
    std::string api;
    std::string direction;  // "forward", "backward" or ""
    OverflowClass overflow_class = OverflowClass::Origin;
    EntryAnomalies anomalies;
    std::optional<Mutation> mutation;
    std::vector<std::string> stack;  // from the sibling stack.json, empty when none
};

struct DumpScan {
    DumpLocation location;
    std::string task;
    std::string level;
    std::size_t entries = 0;  // entries in data
    std::vector<ScannedEntry> reported;  // ascending seq
    std::array<std::size_t, kClassCount> counts{};
    std::size_t filtered = 0;  // entries an ignore rule dropped
    std::size_t tensor_files_read = 0;
    std::size_t tensor_files_missing = 0;

    std::size_t count(OverflowClass c) const { return counts[static_cast<std::size_t>(c)]; }
    std::size_t overflow_count() const;
    // The first origin; with none, the first propagated/absorbed entry; else nullptr.
    const ScannedEntry* first_overflow() const;
};

// Throws msprobe::Error (exit 2) naming the file: unreadable or malformed
// JSON, missing 'task' or 'data', an unreadable tensor file. `pool` (may be
// null) reads tensor files in parallel; `tensor_files` (may be null) counts them as they are read.
DumpScan scan_dump(const DumpLocation& location, const ScanOptions& options, ThreadPool* pool = nullptr,
                   Progress* tensor_files = nullptr);

// The mutation scene of one entry: its largest output Norm is more than
// `threshold` times its largest input Norm (or above `threshold` when that is 0);
// nullopt when it does not fire.
std::optional<Mutation> find_mutation(dump::JsonView entry, double threshold);

}  // namespace msprobe::overflow
