#pragma once
// A DumpRow but its name, packed into one block of its size (row_bytes' form):
// what a row costs while it waits to be compared. A graph keeps one per port
// item, whose name it keeps apart; a DumpRow is 192 bytes, a packed statistics
// row about 60.
#include <cstdint>
#include <string>

#include "common/byte_buffer.hpp"
#include "dump/dump_row.hpp"

namespace msprobe::dump {

class PackedRow {
public:
    PackedRow() = default;  // a default DumpRow's fields, in no bytes
    explicit PackedRow(const DumpRow& row);

    // The row, named `name`.
    DumpRow unpack(std::string name) const;

    RowState state() const;
    InternedText dtype() const;
    InternedText shape() const;
    StatValue stat(std::size_t statistic) const;  // Max, Min, Mean, Norm

private:
    ByteBuffer bytes_;  // api_index, then the row's bytes; empty for a default row
};

}  // namespace msprobe::dump
