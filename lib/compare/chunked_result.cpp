#include "compare/chunked_result.hpp"

#include "common/error.hpp"
#include "compare/highlight.hpp"
#include "compare/row_level.hpp"

namespace msprobe::compare {

ChunkedResult::ChunkedResult(PairRows& pair, const CompareOptions& options, ThreadPool& pool, bool debug_dump,
                             bool colour, std::size_t chunk_rows)
    : pair_(pair),
      options_(options),
      pool_(pool),
      debug_dump_(debug_dump),
      colour_(colour),
      chunk_rows_(chunk_rows == 0 ? 1 : chunk_rows),
      header_(pair.rows(0, 0, options, pool).table.header) {}

void ChunkedResult::make_chunk(std::size_t begin) {
    chunk_ = ResultTable();  // the previous chunk's memory goes before the next is made
    std::size_t end = begin;
    try {
        end = pair_.chunk_end(begin, chunk_rows_);
        chunk_ = pair_.rows(begin, end, options_, pool_);
    } catch (const Error& e) {
        throw ResultRowError(e);
    }
    if (chunk_.table.rows.size() != end - begin) throw std::logic_error("a result chunk lost rows");
    for (const auto& cells : chunk_.table.rows) {
        if (cells.size() != header_.size()) throw std::logic_error("a result row is not as wide as its header");
    }
    const HighlightVerdict judged = judge_highlight(chunk_, debug_dump_);
    outcome_.add(chunk_, row_verdicts(chunk_, judged));
    if (colour_) apply_highlight(chunk_, judged);
    advice_.add(chunk_);
    chunk_begin_ = begin;
    chunk_end_ = end;
}

const std::vector<report::Cell>& ChunkedResult::row(std::size_t r) {
    if (r < chunk_begin_ || r >= chunk_end_) {
        if (r != chunk_end_) throw std::logic_error("result rows are made in order");
        make_chunk(r);
    }
    return chunk_.table.rows[r - chunk_begin_];
}

report::RowFill ChunkedResult::fill(std::size_t r) const { return chunk_.table.fill_of(r - chunk_begin_); }

PairOutcome ChunkedResult::outcome(std::string label, const std::filesystem::path& stack_json) {
    // Rows the writer never asked for (none, unless it failed) are still counted.
    while (chunk_end_ < size()) make_chunk(chunk_end_);
    return outcome_.finish(std::move(label), pair_.stack(), stack_json);
}

}  // namespace msprobe::compare
