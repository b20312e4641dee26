#include "report/sqlite_sorted_table.hpp"

#include <stdexcept>

#include "report/sqlite_index_page.hpp"

namespace msprobe::report {

SqliteSortedTableWriter::SqliteSortedTableWriter(std::filesystem::path path, std::string shown_name,
                                                 std::int64_t root_page)
    : file_(path, std::move(shown_name), root_page, kSqliteIndexLeaf),
      max_local_(sqlite_index_max_payload(file_.usable_size())) {
    levels_.push_back(std::make_unique<SqliteIndexPage>(false, file_.page_size(), file_.usable_size()));
}

SqliteSortedTableWriter::~SqliteSortedTableWriter() = default;

void SqliteSortedTableWriter::add(std::string_view record) {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::add after finish");
    if (pending_leaf_ != 0) throw std::logic_error("a record after a written leaf needs a divider first");
    if (record.size() <= max_local_) {
        push(0, 0, record, record.size());
        return;
    }
    const std::size_t local = sqlite_local_payload(record.size(), max_local_, file_.usable_size());
    const std::uint32_t overflow = file_.append_overflow(record.substr(local));
    cell_.assign(record.substr(0, local));
    cell_.resize(local + 4);
    sqlite_put_be(reinterpret_cast<std::uint8_t*>(cell_.data()) + local, overflow, 4);
    push(0, 0, cell_, record.size());
}

void SqliteSortedTableWriter::add_divider(std::string_view record) {
    std::uint32_t left = pending_leaf_;
    pending_leaf_ = 0;
    if (left == 0) {
        SqliteIndexPage& leaf = *levels_.front();
        if (leaf.empty()) throw std::logic_error("a divider with no leaf before it");
        left = write_new_page(leaf, 0);
    }
    push(1, left, record, record.size());
}

void SqliteSortedTableWriter::add_chain(const SqliteLeafChain& chain,
                                        const std::function<std::uint32_t(std::uint32_t)>& page_of) {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::add_chain after finish");
    const auto add_records = [&](const SqliteIndexPage& leaf) {
        for (std::uint32_t i = 0; i < leaf.cells(); ++i) add(leaf.payload(i));
    };
    add_records(chain.first_leaf());
    for (std::size_t i = 0; i < chain.divider_count(); ++i) {
        add_divider(chain.divider(i));
        if (i < chain.written().size()) {
            if (!levels_.front()->empty()) throw std::logic_error("a written leaf where records wait");
            pending_leaf_ = page_of(chain.written()[i]);
        }
    }
    add_records(chain.open_leaf());
}

// A full page gives up its last cell as the divider above it (its left child
// becoming the page's right-most child), and the incoming cell starts the next
// page: every page keeps at least one cell, every record appears once.
void SqliteSortedTableWriter::push(std::size_t level_index, std::uint32_t left_child, std::string_view payload,
                                   std::size_t declared_size) {
    if (level_index == levels_.size())
        levels_.push_back(std::make_unique<SqliteIndexPage>(true, file_.page_size(), file_.usable_size()));
    SqliteIndexPage& level = *levels_[level_index];
    if (level.fits(payload.size(), declared_size)) {
        level.append(left_child, payload, declared_size);
        return;
    }
    level.pop_last();
    const std::uint32_t written = write_new_page(level, level.divider_child());
    level.append(left_child, payload, declared_size);
    push(level_index + 1, written, level.divider(), level.divider_size());
}

std::uint32_t SqliteSortedTableWriter::write_new_page(SqliteIndexPage& level, std::uint32_t right_child) {
    level.seal(right_child);
    const std::uint32_t page = file_.append(level.page().data());
    level.reset();
    return page;
}

void SqliteSortedTableWriter::finish() {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::finish twice");
    if (pending_leaf_ != 0) throw std::logic_error("a table cannot end with a written leaf");
    // Each level's last page becomes the right-most child of the page above; the top page is the root.
    std::uint32_t child = 0;
    for (std::size_t index = 0; index + 1 < levels_.size(); ++index) child = write_new_page(*levels_[index], child);
    SqliteIndexPage& top = *levels_.back();
    top.seal(child);
    file_.finish(top.page().data());
    finished_ = true;
}

}  // namespace msprobe::report
