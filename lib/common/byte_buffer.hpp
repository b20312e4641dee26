#pragma once
// A growable byte string in 16 bytes (a pointer, a 32-bit size and capacity)
// with no terminator: a graph keeps several per port item, hundreds of
// thousands of them, where a std::string costs 32 bytes and rounds its room up.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string_view>

namespace msprobe {

class ByteBuffer {
public:
    ByteBuffer() = default;
    ByteBuffer(const ByteBuffer& other) { append(other.view()); }
    ByteBuffer(ByteBuffer&& other) noexcept
        : data_(std::move(other.data_)), size_(other.size_), capacity_(other.capacity_) {
        other.size_ = other.capacity_ = 0;
    }
    ByteBuffer& operator=(const ByteBuffer& other) {
        if (this != &other) *this = ByteBuffer(other);
        return *this;
    }
    ByteBuffer& operator=(ByteBuffer&& other) noexcept {
        data_ = std::move(other.data_);
        size_ = other.size_;
        capacity_ = other.capacity_;
        other.size_ = other.capacity_ = 0;
        return *this;
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const char* data() const { return data_.get(); }
    char* data() { return data_.get(); }
    char operator[](std::size_t at) const { return data_[at]; }
    std::string_view view() const { return {data_.get(), size_}; }

    void reserve(std::size_t bytes) {
        if (bytes > capacity_) reallocate(bytes);
    }
    void push_back(char byte) { append(std::string_view(&byte, 1)); }
    void append(const char* bytes, std::size_t count) { append(std::string_view(bytes, count)); }
    void append(std::string_view bytes) {
        if (bytes.empty()) return;
        const std::size_t needed = size_ + bytes.size();
        if (needed > capacity_) reallocate(std::max(needed, std::size_t{capacity_} * 2));
        std::memcpy(data_.get() + size_, bytes.data(), bytes.size());
        size_ = static_cast<std::uint32_t>(needed);
    }
    // Gives back the room beyond the bytes.
    void shrink_to_fit() {
        if (capacity_ > size_) reallocate(size_);
    }
    void clear() { size_ = 0; }

private:
    void reallocate(std::size_t bytes) {
        if (bytes > UINT32_MAX) throw std::length_error("ByteBuffer over 4 GiB");
        std::unique_ptr<char[]> grown(bytes == 0 ? nullptr : new char[bytes]);
        if (size_ != 0) std::memcpy(grown.get(), data_.get(), size_);
        data_ = std::move(grown);
        capacity_ = static_cast<std::uint32_t>(bytes);
    }

    std::unique_ptr<char[]> data_;
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = 0;
};

static_assert(sizeof(ByteBuffer) == 16);

}  // namespace msprobe
