#pragma once
// Reads a tensor file written by torch.save: a ZIP archive of
// stored records whose data.pkl describes one tensor over a storage record.
// The file is memory-mapped and the storage used in place; a copy is made
// only for big-endian files, element types TensorView lacks (float8, uint16,
// uint32 are widened) and misaligned records. Views keep their storage
// offset and strides.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"
#include "tensor/torch_pickle.hpp"

namespace msprobe::tensor {

struct PtReadOptions {
    // data.pkl and byteorder are always checked against their CRC-32; the
    // storage record only on request, as that reads every byte of it.
    bool verify_storage_crc = false;
};

// Throws msprobe::Error naming the file for anything that is not exactly one
// well-formed tensor.
TensorView read_pt(const std::filesystem::path& file, const PtReadOptions& options = {});

// The same for a file already in memory; `owner` keeps `bytes` alive and
// becomes the owner of the returned view (unless a copy was needed).
TensorView read_pt(std::span<const std::byte> bytes, std::shared_ptr<const void> owner, const std::string& file,
                   const PtReadOptions& options = {});

// Any object a torch.save file holds (a training checkpoint), its tensors
// read in place like read_pt's; TorchObject::number of a Tensor indexes `tensors`.
struct PtObject {
    TorchObject root;
    std::vector<TensorView> tensors;
};
PtObject read_pt_object(const std::filesystem::path& file, const PtReadOptions& options = {});

}  // namespace msprobe::tensor
