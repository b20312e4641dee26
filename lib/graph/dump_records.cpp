#include "graph/dump_records.hpp"

#include <stdexcept>

namespace msprobe::graph {

void DumpRecords::append(DumpRecord record) {
    if (size_ % kChunk == 0) chunks_.push_back(std::make_unique<std::array<DumpRecord, kChunk>>());
    (*chunks_.back())[size_ % kChunk] = std::move(record);
    ++size_;
}

void DumpRecords::set_names(NameTable names) {
    if (names.size() != size_) throw std::logic_error("DumpRecords: a name for each record, no more");
    names_ = std::move(names);
}

DumpRecord* DumpRecords::find(std::string_view name) {
    const auto position = names_.find(name);
    return position ? &record(*position) : nullptr;
}

void DumpRecords::clear() {
    names_.clear();
    decltype(chunks_)().swap(chunks_);
    size_ = 0;
}

}  // namespace msprobe::graph
