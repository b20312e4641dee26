#include "report/sqlite_rowid_table.hpp"

#include <cstring>
#include <stdexcept>

#include "report/sqlite_record.hpp"

namespace msprobe::report {

namespace {

constexpr std::uint8_t kTableInterior = 0x05;
constexpr std::uint8_t kTableLeaf = 0x0d;

}  // namespace

SqliteRowidTableWriter::SqliteRowidTableWriter(const std::filesystem::path& path, std::string shown_name,
                                               std::int64_t root_page)
    : file_(path, std::move(shown_name), root_page, kTableLeaf),
      max_local_(file_.usable_size() - 35),
      leaf_(false, file_.page_size(), file_.usable_size()) {}

SqliteRowidTableWriter::~SqliteRowidTableWriter() = default;

void SqliteRowidTableWriter::add(std::int64_t rowid, std::string_view record) {
    if (finished_) throw std::logic_error("SqliteRowidTableWriter::add after finish");
    if (any_row_ && rowid <= last_rowid_) throw std::logic_error("rowids must ascend");
    const std::size_t local = record.size() <= max_local_
                                  ? record.size()
                                  : sqlite_local_payload(record.size(), max_local_, file_.usable_size());
    const std::uint32_t overflow = local < record.size() ? file_.append_overflow(record.substr(local)) : 0;
    std::uint8_t head[2 * kSqliteVarintMax];
    std::size_t head_size = put_sqlite_varint(head, record.size());
    head_size += put_sqlite_varint(head + head_size, static_cast<std::uint64_t>(rowid));
    const std::size_t cell = head_size + local + (overflow != 0 ? 4 : 0);
    if (!leaf_.fits(cell)) add_child(0, write_leaf(), last_rowid_);
    std::uint8_t* at = leaf_.append(cell);
    std::memcpy(at, head, head_size);
    std::memcpy(at + head_size, record.data(), local);
    if (overflow != 0) sqlite_put_be(at + head_size + local, overflow, 4);
    last_rowid_ = rowid;
    any_row_ = true;
}

std::uint32_t SqliteRowidTableWriter::write_leaf() {
    leaf_.seal(kTableLeaf, 0);
    const std::uint32_t page = file_.append(leaf_.bytes().data());
    leaf_.reset();
    return page;
}

// The child before the new one becomes a cell keyed by its largest rowid; when the page has no room for it, it
// becomes the page's right-most child instead, and the page, keyed by that rowid, a child of the level above.
void SqliteRowidTableWriter::add_child(std::size_t index, std::uint32_t child, std::int64_t key) {
    if (index == levels_.size()) levels_.push_back({SqliteBtreePage(true, file_.page_size(), file_.usable_size())});
    Level& level = levels_[index];
    if (level.pending_child != 0) {
        const std::size_t cell = 4 + sqlite_varint_size(static_cast<std::uint64_t>(level.pending_key));
        if (level.page.fits(cell)) {
            std::uint8_t* at = level.page.append(cell);
            sqlite_put_be(at, level.pending_child, 4);
            put_sqlite_varint(at + 4, static_cast<std::uint64_t>(level.pending_key));
        } else {
            level.page.seal(kTableInterior, level.pending_child);
            const std::uint32_t written = file_.append(level.page.bytes().data());
            level.page.reset();
            const std::int64_t written_key = level.pending_key;
            level.pending_child = child;
            level.pending_key = key;
            add_child(index + 1, written, written_key);  // may grow levels_: `level` is not used after
            return;
        }
    }
    level.pending_child = child;
    level.pending_key = key;
}

void SqliteRowidTableWriter::finish() {
    if (finished_) throw std::logic_error("SqliteRowidTableWriter::finish twice");
    if (levels_.empty()) {
        leaf_.seal(kTableLeaf, 0);
        file_.finish(leaf_.bytes().data());
        finished_ = true;
        return;
    }
    add_child(0, write_leaf(), last_rowid_);
    // Each level's last page, its pending child on the right, is a child of the level above; the top is the root.
    // A page left with no cell (it just filled) hands its pending child up itself.
    for (std::size_t index = 0; index + 1 < levels_.size(); ++index) {
        Level& level = levels_[index];
        const std::int64_t key = level.pending_key;
        std::uint32_t child = level.pending_child;
        if (!level.page.empty()) {
            level.page.seal(kTableInterior, level.pending_child);
            child = file_.append(level.page.bytes().data());
        }
        add_child(index + 1, child, key);
    }
    Level& top = levels_.back();
    top.page.seal(kTableInterior, top.pending_child);
    file_.finish(top.page.bytes().data());
    finished_ = true;
}

}  // namespace msprobe::report
