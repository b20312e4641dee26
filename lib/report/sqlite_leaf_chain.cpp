#include "report/sqlite_leaf_chain.hpp"

#include <stdexcept>

namespace msprobe::report {

SqliteLeafChain::SqliteLeafChain(std::uint32_t page_size, std::uint32_t usable_size)
    : max_record_(sqlite_index_max_payload(usable_size)),
      first_(false, page_size, usable_size),
      open_(false, page_size, usable_size) {}

void SqliteLeafChain::add(std::string_view record, const PageWriter& write) {
    if (record.size() > max_record_) throw std::logic_error("a record too large for an index page without overflow");
    if (open_.fits(record.size())) {
        open_.append(0, record);
        return;
    }
    open_.pop_last();
    if (divider_ends_.empty()) {
        first_ = open_;  // kept until the chain is joined: its first records may share a leaf with the chain before
    } else {
        open_.seal(0);
        written_.push_back(write(open_.page()));
    }
    dividers_ += open_.divider();
    divider_ends_.push_back(dividers_.size());
    open_.reset();
    open_.append(0, record);
}

std::string_view SqliteLeafChain::divider(std::size_t index) const {
    const std::size_t begin = index == 0 ? 0 : divider_ends_[index - 1];
    return std::string_view(dividers_).substr(begin, divider_ends_[index] - begin);
}

}  // namespace msprobe::report
