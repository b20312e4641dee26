#include "compare/recorded_rows.hpp"

namespace msprobe::compare {

const std::vector<report::Cell>& RecordedRows::row(std::size_t r) {
    const std::vector<report::Cell>& cells = rows_.row(r);
    if (recorder_ != nullptr && r == next_) {
        recorder_->add(rows_.level(r), cells);
        ++next_;
    }
    return cells;
}

}  // namespace msprobe::compare
