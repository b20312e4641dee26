#pragma once
// dump.json's entries as a graph is built from them: their records in file
// order, and their names as the stream kept them (one text, NameTable), not
// copied again. Held until the graph takes the records, for both sides of a
// compare at once.
#include <array>
#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "common/name_table.hpp"
#include "graph/dump_record.hpp"

namespace msprobe::graph {

class DumpRecords {
public:
    // The next entry's record, in file order.
    void append(DumpRecord record);
    // The entries' names, once the file is read: one per record, in the same order (a stream's entry names).
    // Throws std::logic_error when the counts differ.
    void set_names(NameTable names);

    std::size_t size() const { return size_; }
    std::string_view name(std::size_t position) const { return names_.name(position); }
    DumpRecord& record(std::size_t position) { return (*chunks_[position / kChunk])[position % kChunk]; }
    // The record of entry `name`; nullptr when dump.json has no such entry.
    DumpRecord* find(std::string_view name);
    // Frees everything.
    void clear();

private:
    // Kept in chunks, so that growing never moves the records made (a list doubling would hold three
    // times its records for a moment).
    static constexpr std::size_t kChunk = 256;
    NameTable names_;
    std::vector<std::unique_ptr<std::array<DumpRecord, kChunk>>> chunks_;
    std::size_t size_ = 0;
};

}  // namespace msprobe::graph
