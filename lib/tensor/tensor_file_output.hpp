#pragma once
// The file a tensor writer fills front to back; every failure (cannot
// create, a full disk found at close) is an msprobe::Error naming the file.
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

class TensorFileOutput {
public:
    explicit TensorFileOutput(const std::filesystem::path& file);  // creates or truncates
    void write(std::string_view bytes);
    void write(std::span<const std::byte> bytes);
    void close();  // reports write errors buffering delayed

private:
    std::string file_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> stream_;
};

// The element bytes of a contiguous tensor, in memory order.
std::span<const std::byte> contiguous_bytes(const TensorView& contiguous);

}  // namespace msprobe::tensor
