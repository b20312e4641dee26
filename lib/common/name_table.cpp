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

std::size_t NameTable::add(std::string_view name) {
    if (text_.size() + name.size() > std::numeric_limits<std::uint32_t>::max() ||
        ends_.size() >= std::numeric_limits<std::uint32_t>::max() / 4) {
        throw std::length_error("more names than one table holds (4 GiB of text, or 2^30 names)");
    }
    // At most half full: a probe then ends within a few slots.
    if (2 * (ends_.size() + 1) > slots_.size()) grow();
    text_ += name;
    ends_.push_back(static_cast<std::uint32_t>(text_.size()));
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
    std::string().swap(text_);
    std::vector<std::uint32_t>().swap(ends_);
    std::vector<std::uint32_t>().swap(slots_);
}

void NameTable::grow() {
    std::vector<std::uint32_t> slots(std::max<std::size_t>(16, 2 * slots_.size()), 0);
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
