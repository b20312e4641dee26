#pragma once
// A pair too large to hold whole, compared in the memory of its row keys and
// one chunk: both dump.json files are located (dump/located_dump.hpp), their
// rows paired by key as match_pair pairs them, and each chunk's NPU entries and
// the bench entries they pair with are read back and made into result rows as a
// held pair's would be. Row for row the same result as match_pair's.
//
// For the plain exact join only: no mapping (-am/-cm/-dm/-lm), no -f, a dump.json (not debug.json).
#include <cstdint>
#include <memory>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_mode.hpp"
#include "compare/compare_options.hpp"
#include "compare/compare_pair.hpp"
#include "compare/matcher.hpp"
#include "compare/pair_rows.hpp"
#include "dump/dump_file.hpp"
#include "dump/located_dump.hpp"

namespace msprobe::compare {

// Whether `input` can be compared as a StreamedPair under `options`.
bool can_stream_pair(const PairInput& input, const CompareOptions& options);

// Whether it should: its rows held whole would take more than `held_limit`
// bytes (MSPROBE_HELD_PAIR_BYTES, default kHeldPairBytes).
bool should_stream_pair(const PairInput& input, const CompareOptions& options);

inline constexpr std::uintmax_t kHeldPairBytes = std::uintmax_t{256} << 20;

class StreamedPair final : public PairRows {
public:
    // `show_progress`: a line counting the two files' MiB as they are read, on a terminal.
    StreamedPair(const PairInput& input, ThreadPool& pool, bool show_progress = false);

    CompareMode mode() const { return mode_; }
    std::size_t size() const override { return pairs_.size(); }
    std::size_t chunk_end(std::size_t begin, std::size_t min_rows) override;
    // The chunk's NPU entries and the bench entries they pair with, as a small MatchedPair.
    std::any read_ahead(std::size_t begin, std::size_t end) override;
    ResultTable rows(std::size_t begin, std::size_t end, std::any ahead, const CompareOptions& options,
                     ThreadPool& pool) override;
    const std::shared_ptr<const dump::StackFile>& stack() const override { return stack_; }

private:
    // Reads NPU entries on until the window holds the rows of result rows below `row_limit`, or all.
    void extend_window(std::size_t row_limit);
    std::size_t window_pair_end() const;  // result rows whose NPU rows the window holds, from its first
    void drop_window_before(std::size_t begin);

    dump::LocatedDump npu_;
    dump::LocatedDump bench_;
    CompareMode mode_ = CompareMode::Summary;
    std::vector<RowPair> pairs_;  // rows of both dumps counted from their first
    std::shared_ptr<const dump::StackFile> stack_;

    // NPU entries read back: [window_entry_, window_entry_ + window_.api_names.size()).
    dump::DumpFile window_;
    std::uint32_t window_entry_ = 0;
    std::size_t window_pair_ = 0;  // the first result row of the window's first entry
};

}  // namespace msprobe::compare
