#pragma once
// A DumpRow packed into bytes (its api_index, its name, then row_bytes'
// form), read in place: what a row costs while it waits to be compared. A
// graph keeps one per port item, in a block its item owns: a DumpRow is 192
// bytes and its name's block, a packed statistics row about 100 in all.
#include <cstdint>
#include <string>
#include <string_view>

#include "dump/dump_row.hpp"

namespace msprobe::dump {

class PackedRow {
public:
    // `row`'s bytes, to be read through a PackedRow, into `bytes` (replacing what it held).
    static void pack(const DumpRow& row, std::string& bytes);

    PackedRow() = default;  // a default DumpRow's fields, in no bytes
    // The bytes pack() made, which must outlive the view.
    explicit PackedRow(std::string_view bytes) : bytes_(bytes) {}

    DumpRow unpack() const;

    std::string_view name() const;
    RowState state() const;
    InternedText dtype() const;
    InternedText shape() const;
    StatValue stat(std::size_t statistic) const;  // Max, Min, Mean, Norm

private:
    std::string_view row_bytes() const;  // after the api_index and the name

    std::string_view bytes_;  // empty for a default row
};

}  // namespace msprobe::dump
