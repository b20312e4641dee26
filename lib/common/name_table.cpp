#include "common/name_table.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>

namespace msprobe {

namespace {

std::size_t hash_of(std::string_view name) { return std::hash<std::string_view>{}(name); }

}  // namespace

std::vector<std::string> NameTable::names() const {
    std::vector<std::string> all;
    all.reserve(size());
    for (std::size_t i = 0; i < size(); ++i) all.emplace_back(name(i));
    return all;
}

char* NameTable::text_at(std::size_t begin, std::size_t length) {
    const std::size_t first = begin / kBlockBytes;
    const std::size_t last = (begin + length - 1) / kBlockBytes;
    if (last < blocks_.size()) return blocks_[first] + begin % kBlockBytes;
    // A new block begins the name (names that do not fit move to the next one), or the name continues
    // a block already there and fits in it.
    const std::size_t count = last + 1 - blocks_.size();
    storage_.push_back(std::make_unique_for_overwrite<char[]>(count * kBlockBytes));
    for (std::size_t i = 0; i < count; ++i) blocks_.push_back(storage_.back().get() + i * kBlockBytes);
    return blocks_[first] + begin % kBlockBytes;
}

std::size_t NameTable::add(std::string_view name) {
    const std::size_t last_end = ends_.empty() ? 0 : ends_.back();
    const std::size_t begin = begin_after(last_end, name.size());
    if (begin + name.size() > std::numeric_limits<std::uint32_t>::max() ||
        ends_.size() >= std::numeric_limits<std::uint32_t>::max() / 4) {
        throw std::length_error("more names than one table holds (4 GiB of text, or 2^30 names)");
    }
    // At most half full: a probe then ends within a few slots.
    if (2 * (ends_.size() + 1) > slots_.size()) grow();
    if (!name.empty()) std::copy(name.begin(), name.end(), text_at(begin, name.size()));
    ends_.push_back(static_cast<std::uint32_t>(begin + name.size()));
    const std::size_t position = ends_.size() - 1;
    const std::size_t mask = slots_.size() - 1;
    std::size_t s = hash_of(name) & mask;
    while (slots_[s] != 0 && this->name(slots_[s] - 1) != name) s = (s + 1) & mask;
    slots_[s] = static_cast<std::uint32_t>(position + 1);
    return position;
}

std::optional<std::size_t> NameTable::find(std::string_view name) const {
    if (slots_.empty()) return std::nullopt;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = hash_of(name) & mask; slots_[s] != 0; s = (s + 1) & mask) {
        if (this->name(slots_[s] - 1) == name) return slots_[s] - 1;
    }
    return std::nullopt;
}

void NameTable::clear() {
    std::vector<char*>().swap(blocks_);
    std::vector<std::unique_ptr<char[]>>().swap(storage_);
    std::vector<std::uint32_t>().swap(ends_);
    std::vector<std::uint32_t>().swap(slots_);
}

void NameTable::reserve(std::size_t count) {
    ends_.reserve(count);
    std::size_t slot_count = std::max<std::size_t>(16, slots_.size());
    while (2 * count > slot_count) slot_count *= 2;  // at most half full, as add keeps it
    if (slot_count > slots_.size()) rehash(slot_count);
}

void NameTable::rehash(std::size_t slot_count) {
    std::vector<std::uint32_t> slots(slot_count, 0);
    const std::size_t mask = slots.size() - 1;
    for (const std::uint32_t taken : slots_) {
        if (taken == 0) continue;
        std::size_t s = hash_of(name(taken - 1)) & mask;
        while (slots[s] != 0) s = (s + 1) & mask;
        slots[s] = taken;
    }
    slots_ = std::move(slots);
}

}  // namespace msprobe
