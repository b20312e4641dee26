#pragma once
// What a dump.json entry is to a trend database: its metric, told by its name
// (forward, recompute when the entry says is_recompute, backward,
// parameters_grad, FSDP's "<module>.parameters_grad.<n>"), and the target its
// tensors are named after: the name without the direction, its trailing call
// number kept apart (monitoring_targets.micro_step holds that number).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::data2db {

// The dump database's metrics, in the order (and with the ids) msprobe inserts them.
enum class DumpMetric : std::uint8_t { Forward = 1, Backward = 2, Recompute = 3, ParametersGrad = 4 };
inline constexpr std::array<std::string_view, 4> kDumpMetricNames{"forward", "backward", "recompute",
                                                                  "parameters_grad"};

struct TypedDumpKey {
    DumpMetric metric;
    std::string name;  // "Functional.linear.0", "Module.fc1.Linear.0", "Module.fc1" for a gradient
};

// nullopt for an entry that is none of the four (it is not imported).
std::optional<TypedDumpKey> typed_dump_key(std::string key, bool is_recompute);

struct DumpTargetName {
    std::string prefix;     // the name without its call number
    std::int64_t call = 0;  // the trailing number, 0 without one
};

// Throws msprobe::Error when the call number does not fit in 64 bits (SQLite could not store it).
DumpTargetName dump_target_name(std::string name);

}  // namespace msprobe::data2db
