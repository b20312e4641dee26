#pragma once
// Plants into a generated dump.json what the first-difference (compare -da)
// and first-NaN/Inf (nan_analyze) analyses must find as the origin: an
// entry's outputs scaled (a divergence from the bench), or turned inf/-inf.
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

// The entry keys of a dump.json, in file order.
std::vector<std::string> dump_entry_names(const std::filesystem::path& dump_json);

// The n-th (0-based) forward entry of a compute API (not Distributed, not
// ignored by the analyses); throws msprobe::Error when the dump has fewer.
std::string nth_compute_forward(const std::filesystem::path& dump_json, std::size_t n);

// Multiplies Max/Min/Mean/Norm of every output leaf of `entry` by `factor`.
void plant_divergence(const std::filesystem::path& dump_json, const std::string& entry, double factor);

// Sets Max to inf and Min to -inf (Mean, Norm to nan) in every output leaf of `entry`.
void plant_inf(const std::filesystem::path& dump_json, const std::string& entry);

}  // namespace msprobe::testing
