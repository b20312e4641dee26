#include "tensor/tensor_file_output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "common/error.hpp"

namespace msprobe::tensor {

TensorFileOutput::TensorFileOutput(const std::filesystem::path& file)
    : file_(file.string()), stream_(std::fopen(file.c_str(), "wb"), &std::fclose) {
    if (!stream_) throw Error(file_, fmt::format("cannot create: {}", std::strerror(errno)));
}

void TensorFileOutput::write(std::string_view bytes) {
    write(std::span<const std::byte>(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()));
}

void TensorFileOutput::write(std::span<const std::byte> bytes) {
    if (!stream_) throw std::logic_error("TensorFileOutput written after close");
    if (bytes.empty()) return;
    if (std::fwrite(bytes.data(), 1, bytes.size(), stream_.get()) != bytes.size()) {
        throw Error(file_, fmt::format("write failed: {}", std::strerror(errno)));
    }
}

void TensorFileOutput::close() {
    std::FILE* stream = stream_.release();
    if (stream != nullptr && std::fclose(stream) != 0) {
        throw Error(file_, fmt::format("write failed: {}", std::strerror(errno)));
    }
}

std::span<const std::byte> contiguous_bytes(const TensorView& contiguous) {
    if (!contiguous.is_contiguous()) throw std::invalid_argument("contiguous_bytes takes a contiguous tensor");
    return {contiguous.data, static_cast<std::size_t>(contiguous.numel()) * dtype_size(contiguous.dtype)};
}

}  // namespace msprobe::tensor
