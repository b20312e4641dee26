#include "torchair_compare/compare_row.hpp"

#include <fmt/format.h>

namespace msprobe::torchair_compare {

std::string tensor_path(const std::filesystem::path& file, std::string_view io, std::size_t index) {
    return fmt::format("{},{},{}", file.string(), io, index);
}

CompareRow compare_row(std::int64_t token, std::size_t call, std::string golden_path, std::string my_path,
                       const tensor::TensorView& golden, const tensor::TensorView& my) {
    return {token, call, std::move(golden_path), std::move(my_path), compare_tensor_pair(golden, my)};
}

tensor::TensorView empty_float_tensor() {
    tensor::TensorView view;
    view.dtype = tensor::DType::Float32;
    view.shape = {0};
    view.strides = {1};
    return view;
}

}  // namespace msprobe::torchair_compare
