#pragma once
// The timestamps msprobe puts into output file names.
#include <cstdint>
#include <string>

namespace msprobe {

// Local time as YYYYmmddHHMMSS (compare_result_{ts}.xlsx, compare_result_rank{N}_{ts}.json).
std::string local_timestamp();

// Nanoseconds since the Unix epoch, as Python's time.time_ns() (diff_analyze_{ns}.json).
std::int64_t epoch_nanoseconds();

}  // namespace msprobe
