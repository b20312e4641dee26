#pragma once
// A pair's result rows made a chunk of whole APIs at a time as a writer asks
// for them: each chunk is judged by the -hl rules (which look within one API),
// coloured, counted for the run summary and the advisor, handed out row by
// row, and dropped when the writer moves past it. Memory holds the paired
// dumps (or where to read them back) and one chunk, not the result: a pair of millions of rows is written
// in the memory of a few thousand. What the next chunk is made from is read
// on the pool while the rows of this one are made and written.
#include <any>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/advisor.hpp"
#include "compare/compare_options.hpp"
#include "compare/pair_rows.hpp"
#include "compare/row_level.hpp"
#include "compare/run_summary.hpp"
#include "report/row_source.hpp"

namespace msprobe::compare {

// A row of the result could not be made (its dumps or tensors are unusable):
// the pair fails, not the writing of the run's files.
class ResultRowError : public Error {
public:
    explicit ResultRowError(const Error& error) : Error(error) {}
};

// Rows per chunk: large enough that per-chunk work is noise, small enough to stay a few MB.
inline constexpr std::size_t kResultChunkRows = 16384;

class ChunkedResult final : public report::RowSource {
public:
    // `colour`: -hl's fills and messages go into the rows (judged either way, for the verdicts).
    ChunkedResult(PairRows& pair, const CompareOptions& options, ThreadPool& pool, bool debug_dump, bool colour,
                  std::size_t chunk_rows = kResultChunkRows);

    const std::vector<std::string>& header() const override { return header_; }
    std::size_t size() const override { return pair_.size(); }
    std::size_t columns(std::size_t, std::size_t) const override { return header_.size(); }
    const std::vector<report::Cell>& row(std::size_t r) override;
    report::RowFill fill(std::size_t r) const override;
    // Row r's verdict, as the run summary counts it; r in the chunk of the last row() asked for.
    RowLevel level(std::size_t r) const { return chunk_levels_[r - chunk_begin_]; }

    // Once every row has been asked for: the run summary's outcome and the advice.
    PairOutcome outcome(std::string label, const std::filesystem::path& stack_json);
    Advice advice() const { return advice_.finish(); }

private:
    // A chunk of whole API batches, and what its rows are made from.
    struct Ahead {
        std::size_t begin = 0;
        std::size_t end = 0;
        std::any read;
    };

    Ahead read_ahead(std::size_t begin) const;  // the chunk that starts at row `begin`
    void take_chunk(std::size_t begin);  // makes it the current chunk, while the next is read ahead

    PairRows& pair_;
    const CompareOptions& options_;
    ThreadPool& pool_;
    bool debug_dump_;
    bool colour_;
    std::size_t chunk_rows_;
    std::vector<std::string> header_;
    ResultTable chunk_;
    std::vector<RowLevel> chunk_levels_;  // per row of chunk_
    std::size_t chunk_begin_ = 0;
    std::size_t chunk_end_ = 0;  // [chunk_begin_, chunk_end_) are in chunk_
    OutcomeTally outcome_;
    AdviceTally advice_;
    // The next chunk, read on the pool; last, so it is waited for (or dropped) before the rest goes.
    std::optional<Ahead> next_;
    ThreadPool::Task making_next_;
};

}  // namespace msprobe::compare
