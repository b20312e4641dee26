#include "report/sqlite_record.hpp"

#include <algorithm>
#include <stdexcept>

namespace msprobe::report {

namespace {

constexpr std::uint64_t kNineByteVarint = 0xff00000000000000ULL;  // values needing the 8-bit 9th byte

}  // namespace

std::size_t sqlite_varint_size(std::uint64_t value) {
    if (value & kNineByteVarint) return 9;
    std::size_t size = 1;
    while (value > 0x7f) {
        value >>= 7;
        ++size;
    }
    return size;
}

std::size_t put_sqlite_varint(std::uint8_t* out, std::uint64_t value) {
    if (value <= 0x7f) {
        out[0] = static_cast<std::uint8_t>(value);
        return 1;
    }
    if (value & kNineByteVarint) {
        out[8] = static_cast<std::uint8_t>(value);
        value >>= 8;
        for (int i = 7; i >= 0; --i) {
            out[i] = static_cast<std::uint8_t>((value & 0x7f) | 0x80);
            value >>= 7;
        }
        return 9;
    }
    const std::size_t size = sqlite_varint_size(value);
    out[size - 1] = static_cast<std::uint8_t>(value & 0x7f);
    for (std::size_t i = size - 1; i-- > 0;) {
        value >>= 7;
        out[i] = static_cast<std::uint8_t>((value & 0x7f) | 0x80);
    }
    return size;
}

void SqliteRecord::grow(std::size_t body_bytes) {
    types_.resize(std::max(2 * types_.size(), types_size_ + kSqliteVarintMax + 64));
    body_.resize(std::max(2 * body_.size(), body_size_ + body_bytes + 64));
}

void SqliteRecord::text(std::string_view utf8) {
    make_room(utf8.size());
    types_size_ += put_sqlite_varint(reinterpret_cast<std::uint8_t*>(types_.data()) + types_size_,
                                     13 + 2 * static_cast<std::uint64_t>(utf8.size()));
    if (!utf8.empty()) std::memcpy(body_.data() + body_size_, utf8.data(), utf8.size());
    body_size_ += utf8.size();
}

// The header's size counts its own varint.
std::size_t SqliteRecord::header_size() const {
    std::size_t size_bytes = 1;
    while (sqlite_varint_size(types_size_ + size_bytes) > size_bytes) ++size_bytes;
    return types_size_ + size_bytes;
}

std::string_view SqliteRecord::bytes() {
    const std::size_t header = header_size();
    const std::size_t size = header + body_size_;
    if (record_.size() < size) record_.resize(std::max(2 * record_.size(), size));
    auto* at = reinterpret_cast<std::uint8_t*>(record_.data());
    at += put_sqlite_varint(at, header);
    if (types_size_ != 0) std::memcpy(at, types_.data(), types_size_);
    at += types_size_;
    if (body_size_ != 0) std::memcpy(at, body_.data(), body_size_);
    return {record_.data(), size};
}

void SqliteRecord::append_to(std::string& out) const {
    const std::size_t header = header_size();
    std::uint8_t size_varint[kSqliteVarintMax];
    out.append(reinterpret_cast<const char*>(size_varint), put_sqlite_varint(size_varint, header));
    out.append(types_.data(), types_size_);
    out.append(body_.data(), body_size_);
}

std::uint64_t take_sqlite_varint(const std::uint8_t*& at, const std::uint8_t* end) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < kSqliteVarintMax; ++i) {
        if (at == end) throw std::logic_error("a record ends inside a varint");
        const std::uint8_t byte = *at++;
        if (i == kSqliteVarintMax - 1) return (value << 8) | byte;
        value = (value << 7) | (byte & 0x7f);
        if ((byte & 0x80) == 0) return value;
    }
    return value;
}

}  // namespace msprobe::report
