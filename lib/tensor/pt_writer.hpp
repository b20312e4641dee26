#pragma once
// Writes a tensor as torch.save(tensor, file) does: a zip archive of stored
// records "<archive>/data.pkl", "<archive>/byteorder", "<archive>/data/0" and
// "<archive>/version", the storage aligned to 64 bytes so readers can map it.
// data.pkl is pickle protocol 2 calling torch._utils._rebuild_tensor_v2 on a
// storage of the dtype's torch.*Storage class, memoized as Python's pickler
// does. Every dtype keeps its type (bfloat16 stays bfloat16).
#include <filesystem>
#include <string>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// data.pkl for a contiguous tensor over all of storage "0".
std::string pt_data_pkl(const TensorView& contiguous);

// torch.save(values, file) with the archive named `archive_name` (torch uses
// the file's name without its extension). Throws msprobe::Error(file, reason)
// when the file cannot be written.
void write_pt(const std::filesystem::path& file, const TensorView& values, const std::string& archive_name);

}  // namespace msprobe::tensor
