#include "report/progress_rows.hpp"

namespace msprobe::report {

const std::vector<Cell>& ProgressRows::row(std::size_t r) {
    const std::vector<Cell>& cells = rows_.row(r);
    ++uncounted_;
    if (uncounted_ == static_cast<std::int64_t>(kBatchRows) || r + 1 == rows_.size()) {
        progress_.advance(uncounted_);
        uncounted_ = 0;
    }
    return cells;
}

}  // namespace msprobe::report
