#pragma once
// Names end to end in blocks of text, each found by open addressing: what a
// reader keeps of the names it must look up (a dump's entries, construct.json's
// modules, stack.json's keys), one per dumped API. A map of strings costs
// each name a heap block, its node and a bucket: four times its text. The
// text grows a block at a time, not by doubling one string: no spare half,
// and no copy of the old text beside the new while it grows.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe {

class NameTable {
public:
    std::size_t size() const { return ends_.size(); }
    bool empty() const { return ends_.empty(); }
    // The name added `position`-th (from 0). The view lasts as long as the table, whatever is added later.
    std::string_view name(std::size_t position) const {
        const std::size_t last_end = position == 0 ? 0 : ends_[position - 1];
        const std::size_t end = ends_[position];
        if (end == last_end) return {};
        // add() placed it by begin_after: in the next block exactly when [last_end, end) crosses a block's edge.
        const std::size_t begin = begin_after(last_end, end - last_end);
        return std::string_view(blocks_[begin / kBlockBytes] + begin % kBlockBytes, end - begin);
    }

    // Every name, in the order added.
    std::vector<std::string> names() const;

    // Adds `name` at position size(); find then gives this position for it, as a map keeps a repeated key's
    // last value. Throws std::length_error past 4 GiB of text or 2^30 names.
    std::size_t add(std::string_view name);
    // Room for `count` names in all, without growing on the way there.
    void reserve(std::size_t count);
    // The last position `name` was added at; nullopt when it never was.
    std::optional<std::size_t> find(std::string_view name) const;
    // Frees everything.
    void clear();

    static constexpr std::size_t kBlockBytes = std::size_t{16} << 10;

private:
    void grow() { rehash(std::max<std::size_t>(16, 2 * slots_.size())); }
    void rehash(std::size_t slot_count);
    // Where a name of `length` bytes begins when the last one ended at `last_end`: there, or at the next block
    // when it would not fit in the rest of this one.
    static std::size_t begin_after(std::size_t last_end, std::size_t length) {
        if (length == 0 || last_end / kBlockBytes == (last_end + length - 1) / kBlockBytes) return last_end;
        return (last_end + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
    }
    // Where the bytes [begin, begin + length) go, blocks added as needed.
    char* text_at(std::size_t begin, std::size_t length);

    // Offsets run across the blocks as if they were one text: offset o is blocks_[o / kBlockBytes][o %
    // kBlockBytes]. A name longer than a block gets blocks of its own, in one piece.
    std::vector<char*> blocks_;
    std::vector<std::unique_ptr<char[]>> storage_;
    std::vector<std::uint32_t> ends_;   // the i-th name ends at offset ends_[i]
    std::vector<std::uint32_t> slots_;  // a name's last position + 1; 0 for none
};

}  // namespace msprobe
