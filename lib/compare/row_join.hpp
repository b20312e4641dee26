#pragma once
// The keyed join behind compare's exact strategies, for rows held whole (keys
// are their names) and for rows known by their name digests alike: every NPU
// row, in NPU order, with each bench row of its key, in bench order.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "compare/matcher.hpp"

namespace msprobe::compare {

// Bench rows by key in an open-addressed table of row numbers: 4 bytes a slot
// and 4 a row, for the millions of rows of a large dump. Rows sharing a key
// (rare) are chained in bench order.
template <class Side>
class BenchKeyIndex {
public:
    static constexpr std::uint32_t kEnd = UINT32_MAX;

    explicit BenchKeyIndex(const Side& bench)
        : bench_(bench), next_(bench.size(), kEnd),
          slots_(std::bit_ceil(std::max<std::size_t>(2 * bench.size(), 16)), kEnd) {
        // Inserted from the last row so each row goes in front of its chain: chains come out in bench order.
        for (std::size_t i = bench.size(); i-- > 0;) {
            std::uint32_t& slot = slots_[find_slot(bench.key(i))];
            next_[i] = slot;
            slot = static_cast<std::uint32_t>(i);
        }
    }
    template <class Key>
    std::uint32_t first(const Key& key) const {
        return slots_[find_slot(key)];
    }
    std::uint32_t next(std::uint32_t b) const { return next_[b]; }

private:
    template <class Key>
    std::size_t find_slot(const Key& key) const {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t s = Side::hash(key) & mask;; s = (s + 1) & mask) {
            if (slots_[s] == kEnd || bench_.key(slots_[s]) == key) return s;
        }
    }

    const Side& bench_;
    std::vector<std::uint32_t> next_;
    std::vector<std::uint32_t> slots_;
};

// `Side` gives size(), key(i), shape(i), dtype(i) and a static hash(key).
// Exact: same key and shape, then compatible dtypes; KeyThenDtype: same key,
// then compatible dtypes; DataMapping: same key only.
template <class Side>
std::vector<RowPair> join_rows(const Side& npu, const Side& bench, MatchStrategy strategy, bool cross_framework) {
    const BenchKeyIndex<Side> index(bench);
    const bool by_key_only = strategy == MatchStrategy::DataMapping;
    const bool check_shape = strategy == MatchStrategy::Exact;
    std::vector<RowPair> pairs;
    pairs.reserve(npu.size());
    for (std::uint32_t i = 0; i < npu.size(); ++i) {
        // With k×m duplicates each NPU occurrence pairs with every bench one, in bench order.
        bool matched = false;
        for (std::uint32_t b = index.first(npu.key(i)); b != BenchKeyIndex<Side>::kEnd; b = index.next(b)) {
            if (by_key_only) {
                matched = true;
                pairs.push_back({i, std::int64_t{b}});
                continue;
            }
            if (check_shape && bench.shape(b) != npu.shape(i)) continue;
            matched = true;
            const bool ok = dtypes_compatible(npu.dtype(i), bench.dtype(b), cross_framework);
            pairs.push_back({i, ok ? std::int64_t{b} : kNoBench});
        }
        if (!matched) pairs.push_back({i, kNoBench});
    }
    return pairs;
}

}  // namespace msprobe::compare
