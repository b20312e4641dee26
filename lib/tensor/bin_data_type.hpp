#pragma once
// The element types of kernel dumps (.bin): the numbers of CANN's
// OutputDataType enum, what each is called, and how its bytes become a
// TensorView (every type TensorView lacks is widened exactly, see
// stored_type.hpp). Nano containers number their types differently.
#include <cstdint>
#include <optional>
#include <string>

#include "tensor/stored_type.hpp"

namespace msprobe::tensor {

// The enum's name ("DT_FLOAT", "DT_BF16", ...), or "DT_<number>" for a number it lacks.
std::string bin_data_type_name(std::int32_t data_type);

// How elements of `data_type` are stored, or nullopt when no decoding is known
// (strings, variants, the dual types, and the 2/4/6-bit types whose packing is
// not documented); unsupported_reason() says why.
std::optional<StoredType> bin_stored_type(std::int32_t data_type);
std::string unsupported_reason(std::int32_t data_type);

// A nano container's data type (GE's DataType numbering) as an OutputDataType
// number, or nullopt when it has none.
std::optional<std::int32_t> data_type_of_nano(std::int32_t nano_data_type);

}  // namespace msprobe::tensor
