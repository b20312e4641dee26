#pragma once
// One row of msprobe's torchair report before it is written: whose tensors
// were compared (token, the paths msprobe prints) and what came of it. Rows
// are made op by op; `data_id` first counts an op's own compare calls and is
// then numbered across the run, as msprobe's counter of BasicDataInfo objects
// numbers them (calls whose rows msprobe throws away still count).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tensor/tensor_view.hpp"
#include "torchair_compare/tensor_pair.hpp"

namespace msprobe::torchair_compare {

struct CompareRow {
    std::int64_t token = 0;
    std::size_t data_id = 0;
    std::string golden_path;  // golden_data_path
    std::string my_path;      // my_data_path
    TensorPairCells cells;
};

// The rows of one op, with the number of compare calls made for it.
struct OpRows {
    std::size_t calls = 0;
    std::vector<CompareRow> rows;
};

// "<file>,inputs,<i>": how msprobe names a tensor of a GE dump file.
std::string tensor_path(const std::filesystem::path& file, std::string_view io, std::size_t index);

CompareRow compare_row(std::int64_t token, std::size_t call, std::string golden_path, std::string my_path,
                       const tensor::TensorView& golden, const tensor::TensorView& my);

// An empty float32 tensor: what msprobe compares against when a fused op's part has no dump.
tensor::TensorView empty_float_tensor();

}  // namespace msprobe::torchair_compare
