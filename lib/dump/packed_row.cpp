#include "dump/packed_row.hpp"

#include <cstring>
#include <string_view>

#include "dump/row_bytes.hpp"

namespace msprobe::dump {

namespace {

constexpr std::size_t kRowAt = sizeof(std::uint32_t);  // after the api_index

}  // namespace

PackedRow::PackedRow(const DumpRow& row) {
    thread_local std::string scratch;
    scratch.assign(reinterpret_cast<const char*>(&row.api_index), sizeof row.api_index);
    append_row_bytes(scratch, row);
    bytes_.reserve(scratch.size());
    bytes_.append(scratch);
}

DumpRow PackedRow::unpack(std::string name) const {
    DumpRow row;
    row.name = std::move(name);
    if (bytes_.empty()) return row;
    std::memcpy(&row.api_index, bytes_.data(), sizeof row.api_index);
    RowBytesReader(bytes_.view(), kRowAt).row(row);
    return row;
}

RowState PackedRow::state() const {
    return bytes_.empty() ? RowState::Input : RowBytesReader::state_of(bytes_.view().substr(kRowAt));
}

InternedText PackedRow::dtype() const {
    return bytes_.empty() ? InternedText() : RowBytesReader::dtype_of(bytes_.view().substr(kRowAt));
}

InternedText PackedRow::shape() const {
    return bytes_.empty() ? InternedText() : RowBytesReader::shape_of(bytes_.view().substr(kRowAt));
}

StatValue PackedRow::stat(std::size_t statistic) const {
    if (bytes_.empty()) return StatValue::null();
    return RowBytesReader::stat_of(bytes_.view().substr(kRowAt), statistic);
}

}  // namespace msprobe::dump
