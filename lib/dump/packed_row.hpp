#pragma once
// A DumpRow packed into one block of its size (its api_index, its name, then
// row_bytes' form): what a row costs while it waits to be compared. A graph
// keeps one per port item: a DumpRow is 192 bytes and its name's block, a
// packed statistics row about 100 in all.
#include <cstdint>
#include <string>
#include <string_view>

#include "common/byte_buffer.hpp"
#include "dump/dump_row.hpp"

namespace msprobe::dump {

class PackedRow {
public:
    PackedRow() = default;  // a default DumpRow's fields, in no bytes
    explicit PackedRow(const DumpRow& row);

    DumpRow unpack() const;

    std::string_view name() const;
    RowState state() const;
    InternedText dtype() const;
    InternedText shape() const;
    StatValue stat(std::size_t statistic) const;  // Max, Min, Mean, Norm

private:
    std::string_view row_bytes() const;  // after the api_index and the name

    ByteBuffer bytes_;  // empty for a default row
};

}  // namespace msprobe::dump
