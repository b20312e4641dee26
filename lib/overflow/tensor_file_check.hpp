#pragma once
// A tensor dump's files are the ground truth behind its statistics: read one
// and compute Max/Min/Mean the way torch does (NaN propagates), then apply the
// shared value test.
#include <filesystem>
#include <span>
#include <vector>

#include "overflow/entry_anomalies.hpp"

namespace msprobe::overflow {

// The anomalous statistics of the values (empty for no values).
std::vector<StatAnomaly> value_anomalies(std::span<const double> values, bool include_mean);

// Reads a .pt/.npy tensor file; non-floating tensors never overflow. Throws
// msprobe::Error when the file cannot be read.
std::vector<StatAnomaly> tensor_file_anomalies(const std::filesystem::path& file, bool include_mean);

}  // namespace msprobe::overflow
