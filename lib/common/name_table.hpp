#pragma once
// Names end to end in one text, each found by open addressing: what a reader
// keeps of the names it must look up (a dump's entries, construct.json's
// modules, stack.json's keys), one per dumped API. A map of strings costs
// each name a heap block, its node and a bucket: four times its text.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe {

class NameTable {
public:
    std::size_t size() const { return ends_.size(); }
    bool empty() const { return ends_.empty(); }
    // The name added `position`-th (from 0).
    std::string_view name(std::size_t position) const {
        const std::size_t begin = position == 0 ? 0 : ends_[position - 1];
        return std::string_view(text_).substr(begin, ends_[position] - begin);
    }

    // Every name, in the order added.
    std::vector<std::string> names() const;

    // Adds `name` at position size(); find then gives this position for it, as a map keeps a repeated key's
    // last value. Throws std::length_error past 4 GiB of text or 2^30 names.
    std::size_t add(std::string_view name);
    // The last position `name` was added at; nullopt when it never was.
    std::optional<std::size_t> find(std::string_view name) const;
    // Frees everything.
    void clear();

private:
    void grow();

    std::string text_;
    std::vector<std::uint32_t> ends_;   // the i-th name ends at ends_[i]
    std::vector<std::uint32_t> slots_;  // a name's last position + 1; 0 for none
};

}  // namespace msprobe
