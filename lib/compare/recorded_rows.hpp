#pragma once
// compare --html's tee: the rows of a chunked result pass to the result
// writer unchanged and, on their way, into the pair's report section.
#include <cstddef>
#include <string>
#include <vector>

#include "compare/chunked_result.hpp"
#include "compare/html_compare_report.hpp"
#include "report/row_source.hpp"

namespace msprobe::compare {

// The rows of a chunked result as its writer takes them, each also given to
// `recorder` (once, in order) with the level the run summary counts; a null
// recorder (no --html) lets them pass only.
class RecordedRows final : public report::RowSource {
public:
    RecordedRows(ChunkedResult& rows, PairRecorder* recorder) : rows_(rows), recorder_(recorder) {}

    const std::vector<std::string>& header() const override { return rows_.header(); }
    std::size_t size() const override { return rows_.size(); }
    std::size_t columns(std::size_t begin, std::size_t end) const override { return rows_.columns(begin, end); }
    const std::vector<report::Cell>& row(std::size_t r) override;
    report::RowFill fill(std::size_t r) const override { return rows_.fill(r); }

private:
    ChunkedResult& rows_;
    PairRecorder* recorder_;
    std::size_t next_ = 0;
};

}  // namespace msprobe::compare
