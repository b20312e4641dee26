#pragma once
// What the data.pkl record of a torch.save'd tensor means:
// the allow-listed globals, the storage persistent ids and the rebuild
// functions, evaluated by the restricted pickle machine into a description of
// one tensor. Storage bytes are not touched here (see pt_reader).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tensor/stored_type.hpp"

namespace msprobe::tensor {

struct TorchTensorRecord {
    std::string storage_key;            // the storage is record "<archive>/data/<storage_key>"
    std::int64_t storage_bytes = 0;     // size of the storage the pickle declares
    StoredType type;                    // element type
    std::int64_t storage_offset = 0;    // in elements
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;  // in elements
    bool requires_grad = false;
};

// Throws msprobe::Error (naming `file` and `record`) unless the pickle
// describes exactly one tensor built from allow-listed globals.
TorchTensorRecord unpickle_tensor(std::span<const std::byte> data_pkl, const std::string& file,
                                  const std::string& record);

}  // namespace msprobe::tensor
