#pragma once
// A whole file mapped read-only into memory. Readers hand out views into the
// mapping, so it is shared: a TensorView's owner keeps it alive.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

namespace msprobe::tensor {

class MappedFile {
public:
    // Throws msprobe::Error naming the file when msprobe::InputFile refuses it
    // (missing, a link, not a regular file, 10 GiB or more) or it cannot be
    // mapped. An empty file maps to no bytes.
    static std::shared_ptr<const MappedFile> open(const std::filesystem::path& path);

    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::span<const std::byte> bytes() const { return {data_, size_}; }
    const std::string& path() const { return path_; }

private:
    MappedFile(std::string path, const std::byte* data, std::size_t size);

    std::string path_;
    const std::byte* data_;
    std::size_t size_;
};

}  // namespace msprobe::tensor
