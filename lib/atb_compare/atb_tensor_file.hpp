#pragma once
// An ATB tensor file (.bin): "key=value" text lines up to "$End=...", then the
// raw elements. Read with the rules of msprobe's TensorBinFile
// (atb_data_compare.py): keys dtype, format, dims and data; keys starting with
// '$' other than $End are ATB's own and passed over.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "tensor/tensor_view.hpp"

namespace msprobe::atb {

struct AtbTensorFile {
    std::string path;
    // Why msprobe finds the file invalid (its cells read "N/A"): unreadable,
    // a header line that is not one key=value, a value that is not an integer,
    // data held in another file, no $End, data that do not fill dims.
    std::optional<std::string> damage;
    // A well-formed file of a dtype code msprobe has no tensor type for.
    std::optional<std::int64_t> unsupported_dtype;
    // The tensor, when neither: shape as dims says (0-d when the header has no dims).
    tensor::TensorView view;

    bool readable() const { return !damage && !unsupported_dtype; }
};

// ATB's dtype codes that msprobe reads (0 float32, 1 float16, 2 int8, 3 int32,
// 9 int64, 12 bool, 27 bfloat16).
std::optional<tensor::DType> atb_dtype(std::int64_t code);

// Never throws for what the file holds: every problem is `damage`.
AtbTensorFile read_atb_tensor_file(const std::filesystem::path& path);

}  // namespace msprobe::atb
