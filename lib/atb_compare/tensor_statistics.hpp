#pragma once
// Max, Min, Mean and Norm of one ATB tensor as msprobe writes them in tensor
// mode (atb_data_compare.py: cal_single_tensor_stats): str() of torch's
// .item() of each, computed in the tensor's own floating type (integers as
// float32); "N/A" for an unreadable file, an empty or 0-d tensor, and NaN.
#include <array>
#include <string>

#include "atb_compare/atb_tensor_file.hpp"

namespace msprobe::atb {

// A bool tensor: Max is str(torch.any(t)), Min str(torch.all(t)) ("tensor(True)"),
// Mean and Norm "N/A". The sums are taken in float64 and rounded once to the
// tensor's type, where torch sums in that type (docs/compatibility.md row 212).
std::array<std::string, 4> tensor_statistics(const AtbTensorFile& file);

}  // namespace msprobe::atb
