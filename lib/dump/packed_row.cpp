#include "dump/packed_row.hpp"

#include <cstring>
#include <string_view>

#include "common/sized_text.hpp"
#include "dump/row_bytes.hpp"

namespace msprobe::dump {

namespace {

constexpr std::size_t kNameAt = sizeof(std::uint32_t);  // after the api_index

}  // namespace

void PackedRow::pack(const DumpRow& row, std::string& bytes) {
    bytes.assign(reinterpret_cast<const char*>(&row.api_index), sizeof row.api_index);
    append_sized_text(bytes, row.name);
    append_row_bytes(bytes, row);
}

std::string_view PackedRow::name() const {
    if (bytes_.empty()) return {};
    std::size_t at = kNameAt;
    return read_sized_text(bytes_, at);
}

std::string_view PackedRow::row_bytes() const {
    std::size_t at = kNameAt;
    read_sized_text(bytes_, at);
    return bytes_.substr(at);
}

DumpRow PackedRow::unpack() const {
    DumpRow row;
    if (bytes_.empty()) return row;
    std::memcpy(&row.api_index, bytes_.data(), sizeof row.api_index);
    row.name = name();
    RowBytesReader(row_bytes()).row(row);
    return row;
}

RowState PackedRow::state() const { return bytes_.empty() ? RowState::Input : RowBytesReader::state_of(row_bytes()); }

InternedText PackedRow::dtype() const {
    return bytes_.empty() ? InternedText() : RowBytesReader::dtype_of(row_bytes());
}

InternedText PackedRow::shape() const {
    return bytes_.empty() ? InternedText() : RowBytesReader::shape_of(row_bytes());
}

StatValue PackedRow::stat(std::size_t statistic) const {
    if (bytes_.empty()) return StatValue::null();
    return RowBytesReader::stat_of(row_bytes(), statistic);
}

}  // namespace msprobe::dump
