#pragma once
// The tensors of one GE dump file as msprobe's torchair compare receives them
// (infer/utils/acc_cmp.py:parse_torchair_dump_data). A kernel dump is read
// natively and each tensor handed over in the layout CANN's
// ConvertSingleTensorFormat gives it: the target is NCHW for a 4-D original
// shape, ND for a 2-D or 3-D one, else the tensor's own format (NCHW, NHWC
// and HWCN tensors whose device shape is not 4-D count as ND). A tensor
// already in its target, or whose conversion msaccucmp's built-in converters
// lack (only FRACTAL_NZ, FRACTAL_Z, NC1HWC0, NHWC and HWCN → NCHW; FRACTAL_NZ
// and NDC1HWC0 → ND), keeps its stored layout and device shape; a converted
// one has its original shape (FRACTAL_NZ → NCHW: the first two dims joined,
// as msaccucmp's converter leaves it). bfloat16 arrives as float32 (NumPy has
// none). A `.npz` file (msprobe's documented reduction of a dump) holds the
// arrays `inputs` and `outputs`, one tensor per leading index.
#include <filesystem>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::torchair_compare {

struct GeDumpTensors {
    std::vector<tensor::TensorView> inputs;
    std::vector<tensor::TensorView> outputs;
};

// Throws msprobe::Error naming the file for a file that cannot be read, or a
// tensor in it that cannot be decoded (msprobe's parser fails the whole file
// too). A conversion the header's shapes do not allow is said on the log and
// the tensor kept as stored (msaccucmp logs it and keeps the raw array).
GeDumpTensors read_ge_dump_tensors(const std::filesystem::path& file);

}  // namespace msprobe::torchair_compare
