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
      header_(pair.rows(0, 0, {}, options, pool).table.header) {}

ChunkedResult::Ahead ChunkedResult::read_ahead(std::size_t begin) const {
    Ahead ahead;
    ahead.begin = begin;
    try {
        ahead.end = pair_.chunk_end(begin, chunk_rows_);
        ahead.read = pair_.read_ahead(begin, ahead.end);
    } catch (const Error& e) {
        throw ResultRowError(e);
    }
    return ahead;
}

void ChunkedResult::take_chunk(std::size_t begin) {
    chunk_ = ResultTable();  // the previous chunk's memory goes before the next is made
    making_next_.wait();
    if (!next_) next_ = read_ahead(begin);  // the first chunk
    if (next_->begin != begin) throw std::logic_error("result rows are made in order");
    Ahead ahead = std::move(*next_);
    next_.reset();
    if (ahead.end < size()) {
        next_.emplace(Ahead{});  // spelled out: clang 14 does not see Ahead as default-constructible here
        making_next_ = pool_.start([this, next = ahead.end] { *next_ = read_ahead(next); });
    }
    ResultTable table;
    try {
        table = pair_.rows(ahead.begin, ahead.end, std::move(ahead.read), options_, pool_);
    } catch (const Error& e) {
        throw ResultRowError(e);
    }
    if (table.table.rows.size() != ahead.end - ahead.begin) throw std::logic_error("a result chunk lost rows");
    for (const auto& cells : table.table.rows) {
        if (cells.size() != header_.size()) throw std::logic_error("a result row is not as wide as its header");
    }
    const HighlightVerdict judged = judge_highlight(table, debug_dump_);
    const std::vector<RowVerdict> verdicts = row_verdicts(table, judged);
    outcome_.add(table, verdicts);
    chunk_levels_.clear();
    for (const RowVerdict& verdict : verdicts) chunk_levels_.push_back(verdict.level);
    if (colour_) apply_highlight(table, judged);
    advice_.add(table);
    chunk_ = std::move(table);
    chunk_begin_ = ahead.begin;
    chunk_end_ = ahead.end;
}

const std::vector<report::Cell>& ChunkedResult::row(std::size_t r) {
    if (r < chunk_begin_ || r >= chunk_end_) {
        if (r != chunk_end_) throw std::logic_error("result rows are made in order");
        take_chunk(r);
    }
    return chunk_.table.rows[r - chunk_begin_];
}

report::RowFill ChunkedResult::fill(std::size_t r) const { return chunk_.table.fill_of(r - chunk_begin_); }

PairOutcome ChunkedResult::outcome(std::string label, const std::filesystem::path& stack_json) {
    // Rows the writer never asked for (none, unless it failed) are still counted.
    while (chunk_end_ < size()) take_chunk(chunk_end_);
    return outcome_.finish(std::move(label), pair_.stack(), stack_json);
}

}  // namespace msprobe::compare
