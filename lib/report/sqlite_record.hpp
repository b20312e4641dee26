#pragma once
// One row in SQLite's record format (schema format 4: a header-size varint,
// one serial type per column, then the column values), built column by column
// for writing b-tree pages directly (SqliteSortedTableWriter). Reused from row
// to row: clear() keeps the buffers. The numeric columns are inline: a table
// of millions of rows calls them tens of millions of times.
// https://www.sqlite.org/fileformat2.html#record_format
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace msprobe::report {

// SQLite's variable-length integer: big-endian groups of 7 bits, the high bit
// set on all but the last byte; a 9th byte carries 8 bits. At most 9 bytes.
inline constexpr std::size_t kSqliteVarintMax = 9;
std::size_t sqlite_varint_size(std::uint64_t value);
// Writes `value` at `out` (room for kSqliteVarintMax bytes); the bytes written.
std::size_t put_sqlite_varint(std::uint8_t* out, std::uint64_t value);

class SqliteRecord {
public:
    // The smallest serial type that holds the value (8 and 9 for 0 and 1).
    void integer(std::int64_t value) {
        make_room(8);
        if (value == 0 || value == 1) {
            types_[types_size_++] = static_cast<char>(8 + value);
            return;
        }
        // Bits beside the sign (the same for v and ~v) choose among serial types 1..6.
        const auto magnitude = static_cast<std::uint64_t>(value ^ (value >> 63));
        const std::uint8_t serial = kIntegerType[64 - std::countl_zero(magnitude)];
        const std::size_t bytes = kIntegerBytes[serial];
        types_[types_size_++] = static_cast<char>(serial);
        put_big_endian(static_cast<std::uint64_t>(value) << (64 - 8 * bytes), bytes);
    }
    // A NaN is NULL, as SQLite stores it.
    void real(double value) {
        if (std::isnan(value)) {
            null();
            return;
        }
        make_room(8);
        types_[types_size_++] = 7;
        put_big_endian(std::bit_cast<std::uint64_t>(value), 8);
    }
    // A value of a column declared REAL, stored as SQLite's INSERT stores it: a whole number strictly inside the
    // 64-bit range as an integer (read back as REAL through the column's affinity; the sign of a zero is lost as
    // SQLite loses it), a NaN as NULL, else as real().
    void real_affinity(double value) {
        constexpr double kTwoTo63 = 9223372036854775808.0;
        if (value > -kTwoTo63 && value < kTwoTo63) {
            const auto whole = static_cast<std::int64_t>(value);
            if (static_cast<double>(whole) == value) {
                integer(whole);
                return;
            }
        }
        real(value);
    }
    void null() {
        make_room(0);
        types_[types_size_++] = 0;
    }
    void text(std::string_view utf8);

    // The finished record; valid until the next change.
    std::string_view bytes();
    void append_to(std::string& out) const;
    // Starts the next record, keeping the buffers.
    void clear() {
        types_size_ = 0;
        body_size_ = 0;
    }

private:
    // Serial type by the count of bits beside the sign; bytes by serial type.
    static constexpr std::uint8_t kIntegerType[65] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
                                                      3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
                                                      5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6};
    static constexpr std::uint8_t kIntegerBytes[7] = {0, 1, 2, 3, 4, 6, 8};

    // Room for one more serial type (a varint) and `body_bytes`, plus the 8 an integer writes whole.
    void make_room(std::size_t body_bytes) {
        if (types_size_ + kSqliteVarintMax > types_.size() || body_size_ + body_bytes + 8 > body_.size()) {
            grow(body_bytes + 8);
        }
    }
    void grow(std::size_t body_bytes);
    // The top `bytes` bytes of `value`, big-endian, at the body's end (8 bytes written, `bytes` kept).
    void put_big_endian(std::uint64_t value, std::size_t bytes) {
        const std::uint64_t big = std::endian::native == std::endian::little ? __builtin_bswap64(value) : value;
        std::memcpy(body_.data() + body_size_, &big, 8);
        body_size_ += bytes;
    }
    std::size_t header_size() const;

    // Sized to their capacity; the used part is tracked apart, so adding a column costs no bookkeeping.
    std::string types_;
    std::string body_;
    std::string record_;
    std::size_t types_size_ = 0;
    std::size_t body_size_ = 0;
};

// A varint at `at` (at most kSqliteVarintMax bytes before `end`); moves `at` past it.
std::uint64_t take_sqlite_varint(const std::uint8_t*& at, const std::uint8_t* end);

}  // namespace msprobe::report
