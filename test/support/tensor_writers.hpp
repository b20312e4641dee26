#pragma once
// Writers of tensor files for the project's own test data: .npy files laid
// out byte for byte as numpy 1.24 writes them, and .pt files as torch.save
// writes them (torch 1.13 layout; optionally with the byteorder record of
// torch >= 2.1). Deliberately independent of lib/tensor's readers, so that a
// writer bug cannot hide a reader bug.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::testing {

// ---------------------------------------------------------------- .npy

// numpy's descr of a dtype ("<f4", "|b1", ...). bfloat16 has none: throws.
std::string npy_descr(tensor::DType dtype);

struct NpyLayout {
    std::string descr;  // "<f4", ">i8", ... written as given
    bool fortran_order = false;
    int version = 1;  // 1, 2 or 3 (numpy picks 1 unless the header needs more)
};

// A whole .npy file: numpy's header text, growth space and padding to 64.
std::string npy_bytes(const NpyLayout& layout, const std::vector<std::int64_t>& shape, std::span<const std::byte> data);

// `data` holds the elements in the order `fortran_order` says.
void write_npy(const std::filesystem::path& path, tensor::DType dtype, const std::vector<std::int64_t>& shape,
               std::span<const std::byte> data, bool fortran_order = false);

// ---------------------------------------------------------------- .pt

struct PtTensor {
    tensor::DType dtype = tensor::DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;  // in elements
    std::int64_t storage_offset = 0;    // in elements
    std::span<const std::byte> storage;  // the whole storage, little-endian
    bool requires_grad = false;
};

// torch's storage class of a dtype ("FloatStorage", "BFloat16Storage", ...).
const char* torch_storage_class(tensor::DType dtype);

// data.pkl exactly as torch.save writes it for a plain tensor: pickle
// protocol 2, _rebuild_tensor_v2 over storage key "0" on "cpu".
std::string pt_data_pkl(const PtTensor& tensor);

// A ZIP archive laid out like torch's writer: stored records named
// "<archive_name>/<record>", data aligned to 64 bytes by an "FB" extra field,
// data descriptors, ZIP64 end records. Records keep the given order; an
// empty archive name writes the record names as they are.
using ZipRecords = std::vector<std::pair<std::string, std::string>>;
std::string torch_zip(const std::string& archive_name, const ZipRecords& records);

// A whole .pt file: data.pkl, [byteorder "little"], data/0, version "3\n".
// Without the byteorder record the bytes equal torch 1.13's for the same tensor
// and archive name.
std::string pt_bytes(const PtTensor& tensor, const std::string& archive_name, bool byteorder_record = true);

// torch.save(tensor, path): the archive is named after the file's stem, as
// torch does.
void write_pt(const std::filesystem::path& path, tensor::DType dtype, const std::vector<std::int64_t>& shape,
              const std::vector<std::int64_t>& strides, std::int64_t storage_offset,
              std::span<const std::byte> storage_bytes, bool requires_grad = false);

// Writes `bytes` to `path` (made with the functions above).
void write_tensor_bytes(const std::filesystem::path& path, const std::string& bytes);

}  // namespace msprobe::testing
