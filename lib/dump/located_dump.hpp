#pragma once
// A dump.json read once for the keys of its rows, its rows spilled to a
// temporary file (RowSpill): about 32 bytes of memory a row instead of a few
// hundred. compare keeps this of a pair too large to hold whole, pairs rows by
// their keys, and reads entries back a chunk at a time to make the result's rows.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_file.hpp"
#include "dump/interned_text.hpp"
#include "dump/row_spill.hpp"

namespace msprobe {
class Progress;
}

namespace msprobe::dump {

// A 128-bit digest of a row name: two rows' keys are equal only when their
// names are (a chance collision is far below one in a billion billion).
struct NameDigest {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
    friend bool operator==(const NameDigest&, const NameDigest&) = default;
};
NameDigest name_digest(std::string_view name);

// What pairing a row needs of it.
struct RowKey {
    NameDigest name;
    InternedText shape;
    InternedText dtype;
};

struct LocatedDump {
    DumpFile header;               // path, task, level, framework and digest detection; no rows, no api_names
    bool has_torch_dtype = false;  // some row's dtype is a torch one (framework detection when 'framework' is absent)
    std::vector<RowKey> rows;
    std::vector<std::uint32_t> entry_first_row;  // one per entry, then the row count
    std::vector<std::uint64_t> entry_spill_end;  // where each entry's rows end in the spill
    std::shared_ptr<const RowSpill> spill;

    std::size_t entries() const { return entry_spill_end.size(); }
    std::uint32_t entry_of_row(std::uint32_t row) const;  // the entry a row belongs to

    // The rows of entries [first, last) read back into `into` (its path and
    // header fields set, api_index counted from 0 at `first`). Throws
    // msprobe::Error naming the temporary folder when the spill cannot be read.
    void read_back(std::uint32_t first, std::uint32_t last, DumpFile& into) const;
};

// Throws msprobe::Error naming the file, as read_dump_file does. debug.json is not read this way. `progress`,
// when given, counts the file's MiB as it is read.
LocatedDump locate_dump(const std::filesystem::path& path, Progress* progress = nullptr);

}  // namespace msprobe::dump
