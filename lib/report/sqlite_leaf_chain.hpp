#pragma once
// The leaves of one run of a WITHOUT ROWID table's rows (one key range, such
// as one rank's trend rows), built as its records come in key order while
// other runs are built beside it. Full leaves are written out as they fill
// (to a page store that numbers them); the first leaf and the unfinished last
// one stay here, because the records at a run's two ends may share leaves with
// the runs beside it when SqliteSortedTableWriter joins the runs into one tree
// (add_chain). Between two leaves stands a divider, a record taken out of the
// leaf level, as index b-trees keep every record once. Memory: two pages and
// one divider per written leaf.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "report/sqlite_index_page.hpp"

namespace msprobe::report {

class SqliteLeafChain {
public:
    // Writes one sealed leaf page; returns its number in the page store.
    using PageWriter = std::function<std::uint32_t(const std::vector<std::uint8_t>& page)>;

    SqliteLeafChain(std::uint32_t page_size, std::uint32_t usable_size);

    // The next record in key order (no larger than an index page holds without overflow: std::logic_error).
    void add(std::string_view record, const PageWriter& write);
    bool empty() const { return first_.empty() && open_.empty(); }

    // The chain in key order: first_leaf()'s records, then for each i dividers[i] and, but for the last divider,
    // written()[i], then open_leaf()'s records. Without a written leaf there is no divider and no first leaf.
    const SqliteIndexPage& first_leaf() const { return first_; }
    const std::vector<std::uint32_t>& written() const { return written_; }
    std::size_t divider_count() const { return divider_ends_.size(); }
    std::string_view divider(std::size_t index) const;
    const SqliteIndexPage& open_leaf() const { return open_; }

private:
    std::size_t max_record_;
    SqliteIndexPage first_;
    SqliteIndexPage open_;
    std::vector<std::uint32_t> written_;
    std::string dividers_;  // one after another
    std::vector<std::size_t> divider_ends_;
};

}  // namespace msprobe::report
