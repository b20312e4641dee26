#pragma once
// The flattened rows of a dump.json too large to hold, spilled as they are
// read into a private temporary file (unlinked: it goes when the process does)
// in the compact binary form of row_bytes, so a chunk of entries comes back by one pread
// instead of a second parse of the JSON: about a tenth of the CPU, and the
// user's file is read once. Only this process reads what it wrote, so the form
// is the machine's own (native byte order, no versioning).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/spill_file.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::dump {

class RowSpill {
public:
    // A temporary file in $TMPDIR (else /tmp). Throws msprobe::Error naming the
    // folder when none can be made there.
    RowSpill();
    RowSpill(const RowSpill&) = delete;
    RowSpill& operator=(const RowSpill&) = delete;

    // Appends one entry's name and rows; returns where the spill now ends.
    // Throws msprobe::Error naming the temporary folder when it cannot be written (a full disk).
    std::uint64_t append(std::string_view api_name, const std::vector<DumpRow>& rows);
    // Writes out what is buffered; call once every entry is appended.
    void flush();

    // The entries stored in bytes [begin, end), appended to `into`: their
    // names to api_names, their rows (api_index counted on from into.api_names'
    // size) to rows.
    void read(std::uint64_t begin, std::uint64_t end, DumpFile& into) const;

private:
    SpillFile file_;
    std::string buffer_;  // one entry's bytes
};

}  // namespace msprobe::dump
