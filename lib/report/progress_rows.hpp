#pragma once
// The rows of a source as a writer takes them, counted on a progress line. The
// count is passed on a batch at a time: a writer takes millions of rows, and a
// line redrawn four times a second needs no finer count.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/progress.hpp"
#include "report/row_source.hpp"

namespace msprobe::report {

class ProgressRows final : public RowSource {
public:
    static constexpr std::size_t kBatchRows = 1024;

    ProgressRows(RowSource& rows, Progress& progress) : rows_(rows), progress_(progress) {}

    const std::vector<std::string>& header() const override { return rows_.header(); }
    std::size_t size() const override { return rows_.size(); }
    std::size_t columns(std::size_t begin, std::size_t end) const override { return rows_.columns(begin, end); }
    // Row r of the source; the last row passes on what is still uncounted.
    const std::vector<Cell>& row(std::size_t r) override;
    RowFill fill(std::size_t r) const override { return rows_.fill(r); }

private:
    RowSource& rows_;
    Progress& progress_;
    std::int64_t uncounted_ = 0;
};

}  // namespace msprobe::report
