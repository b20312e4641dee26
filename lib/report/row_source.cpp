#include "report/row_source.hpp"

#include <algorithm>

namespace msprobe::report {

std::size_t TableRows::columns(std::size_t begin, std::size_t end) const {
    std::size_t widest = table_.header.size();
    for (std::size_t r = begin; r < end; ++r) widest = std::max(widest, table_.rows[r].size());
    return widest;
}

}  // namespace msprobe::report
