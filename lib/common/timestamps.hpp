#pragma once
// The timestamps msprobe puts into output file names.
#include <cstdint>
#include <string>

namespace msprobe {

// Local time as YYYYmmddHHMMSS (compare_result_{ts}.xlsx, compare_result_rank{N}_{ts}.json).
std::string local_timestamp();

// The YYYYmmddHHMMSS timestamp one second after `timestamp` (local time), for a
// run whose files must take the next free name in msprobe's own format; the
// text unchanged plus "1" if it is not such a timestamp.
std::string next_local_timestamp(const std::string& timestamp);

// UTC as YYYYmmddHHMMSS (torchair's msprobe_cmp_report_{ts}.csv).
std::string utc_timestamp();

// Nanoseconds since the Unix epoch, as Python's time.time_ns() (diff_analyze_{ns}.json).
std::int64_t epoch_nanoseconds();

}  // namespace msprobe
