#pragma once
// A DumpRow but its name and api_index in a compact binary form that only
// this process reads back (a spill of rows, a graph's packed rows): the
// interned dtype and shape and a borrowed digest are kept as their addresses,
// the rest as flags, numbers and sized texts. Laid out so that the state, dtype,
// shape and statistics are read without decoding the rest.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "dump/dump_row.hpp"

namespace msprobe::dump {

// Appends `row` (not its name, not its api_index) to `out`.
void append_row_bytes(std::string& out, const DumpRow& row);

// Reads what append_row_bytes wrote, at a position that moves past what is read.
// Running past the end throws std::logic_error: the bytes are not what was written.
class RowBytesReader {
public:
    explicit RowBytesReader(std::string_view bytes, std::size_t at = 0) : bytes_(bytes), at_(at) {}

    bool done() const { return at_ == bytes_.size(); }

    std::uint64_t size();
    std::string_view text();
    // The rest of a row after its name: every field but name and api_index.
    void row(DumpRow& row);
    // Only the leading fields of a row's bytes, without decoding the rest.
    static RowState state_of(std::string_view row_bytes);
    static InternedText dtype_of(std::string_view row_bytes);
    static InternedText shape_of(std::string_view row_bytes);
    static StatValue stat_of(std::string_view row_bytes, std::size_t statistic);

private:
    unsigned byte();
    // The next sizeof(T) bytes as a T (a number, an interned text, a shared text's address).
    template <typename T>
    T raw();
    StatValue stat();
    void skip_stat();

    std::string_view bytes_;
    std::size_t at_ = 0;
};

}  // namespace msprobe::dump
