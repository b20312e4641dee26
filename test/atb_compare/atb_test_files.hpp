#pragma once
// Single ATB tensor files for the atb_compare tests: written by the support
// writer into a scratch folder, then read as compare -m atb reads them.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "atb_compare/atb_tensor_file.hpp"
#include "support/atb_dump_writer.hpp"
#include "support/element_bytes.hpp"
#include "support/shared_fixtures.hpp"

namespace msprobe::testing {

// `bytes` as <scratch>/<name>.bin.
inline std::filesystem::path write_atb_file(const std::string& name, const std::vector<std::byte>& bytes) {
    const auto path = scratch_dir("atb_" + name) / (name + ".bin");
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path;
}

// A file whose bytes are `text` (a header written by hand, then data).
inline std::filesystem::path write_atb_text(const std::string& name, const std::string& text) {
    std::vector<std::byte> bytes(text.size());
    std::memcpy(bytes.data(), text.data(), text.size());
    return write_atb_file(name, bytes);
}

// A tensor as read back from its file.
inline atb::AtbTensorFile atb_tensor(const std::string& name, int dtype, const std::vector<std::int64_t>& dims,
                                     const std::vector<std::byte>& data) {
    return atb::read_atb_tensor_file(write_atb_file(name, atb_tensor_bytes(dtype, dims, data)));
}

inline atb::AtbTensorFile atb_float32(const std::string& name, const std::vector<float>& values,
                                      std::vector<std::int64_t> dims = {}) {
    if (dims.empty()) dims = {static_cast<std::int64_t>(values.size())};
    return atb_tensor(name, kAtbFloat32, dims, bytes_of(values));
}

}  // namespace msprobe::testing
