#include "tensor/mapped_file.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "tensor/read_error.hpp"

namespace msprobe::tensor {

std::shared_ptr<const MappedFile> MappedFile::open(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::optional<InputFile> file;
    try {
        file.emplace(InputFile::open(path, InputKind::Tensor));
    } catch (const Error& e) {
        fail(name, ReadFailure::Io, e.reason());
    }
    const auto size = static_cast<std::size_t>(file->size());
    if (size == 0) return std::shared_ptr<const MappedFile>(new MappedFile(name, nullptr, 0));
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file->fd(), 0);
    if (data == MAP_FAILED) fail(name, ReadFailure::Io, std::string("cannot map: ") + std::strerror(errno));
    return std::shared_ptr<const MappedFile>(new MappedFile(name, static_cast<const std::byte*>(data), size));
}

MappedFile::MappedFile(std::string path, const std::byte* data, std::size_t size)
    : path_(std::move(path)), data_(data), size_(size) {}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
}

}  // namespace msprobe::tensor
