#pragma once
// Which precision standard judges which API: the API lists of msprobe's
// api_precision_standard.yaml, kept as code, and the output and input dtypes.
#include <string_view>
#include <vector>

namespace msprobe::precision {

enum class Standard { BinaryConsistency, AbsoluteThreshold, Ulp, Thousandth, Benchmark, AccumulativeError };

// Which standard judges an output. `output_dtype` is the torch text of the
// device output dtype ("torch.float16", "torch.int64", "<class 'int'>"),
// `input_dtype` likewise for an input ("torch.float32" unless the inputs were FP8).
Standard select_standard(std::string_view api_name, std::string_view output_dtype, std::string_view input_dtype);

// The api_names a listed standard applies to (empty for the benchmark standard, the default).
std::vector<std::string_view> standard_api_list(Standard standard);

}  // namespace msprobe::precision
