#pragma once
// Training logs shaped like verl's: the run's config printed by pprint
// (dicts broken over lines, long strings split into adjacent literals) behind
// the prefix Ray puts before every line of a worker, with other lines around.
#include <string>

namespace msprobe::testing {

// An NPU run and its GPU bench: the bench differs in lr, tensor parallel size
// and an extra trainer/device.
std::string npu_training_log();
std::string bench_training_log();
// Two config prints (the last one counts) and a line of another worker in the middle.
std::string interleaved_training_log();
// A timestamped prefix and a string pprint wrapped over eight lines.
std::string wrapped_string_training_log();

}  // namespace msprobe::testing
