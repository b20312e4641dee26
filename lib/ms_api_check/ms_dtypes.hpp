#pragma once
// MindSpore's dtype names as the dump spells them and the torch dtypes msprobe maps them to
// (type_mapping.py: dtype_str_to_ms_dtype, dtype_str_to_torch_dtype and its inverse).
#include <ATen/ATen.h>

#include <optional>
#include <string>
#include <vector>

namespace msprobe::ms_api_check {

// The dtype names a tensor record may carry, in type_mapping.py's order (its accepted values).
const std::vector<std::string>& recorded_dtype_names();

// The bench's torch dtype of a recorded dtype; nullopt for the four msprobe has none for (UInt16, UInt32,
// UInt64, Int4).
std::optional<at::ScalarType> torch_dtype_of(const std::string& recorded);

// The details file's dtype text of a bench tensor ("Float32"); empty for a dtype msprobe does not map.
std::string dtype_text_of(at::ScalarType type);

}  // namespace msprobe::ms_api_check
