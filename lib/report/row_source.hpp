#pragma once
// The rows a writer puts on disk, asked for one at a time in order: a whole
// Table, or rows that are made a chunk at a time and dropped once written,
// so a result of millions of rows never has to be in memory at once.
#include <cstddef>
#include <string>
#include <vector>

#include "report/cell.hpp"
#include "report/table.hpp"

namespace msprobe::report {

class RowSource {
public:
    virtual ~RowSource() = default;

    virtual const std::vector<std::string>& header() const = 0;
    virtual std::size_t size() const = 0;
    // The widest of the header and rows [begin, end), in cells.
    virtual std::size_t columns(std::size_t begin, std::size_t end) const = 0;
    // Row r and its fill. Rows are asked for in increasing order; what is
    // returned stays valid until the next call.
    virtual const std::vector<Cell>& row(std::size_t r) = 0;
    virtual RowFill fill(std::size_t r) const = 0;
};

// The rows of a Table held whole.
class TableRows final : public RowSource {
public:
    explicit TableRows(const Table& table) : table_(table) {}

    const std::vector<std::string>& header() const override { return table_.header; }
    std::size_t size() const override { return table_.rows.size(); }
    std::size_t columns(std::size_t begin, std::size_t end) const override;
    const std::vector<Cell>& row(std::size_t r) override { return table_.rows[r]; }
    RowFill fill(std::size_t r) const override { return table_.fill_of(r); }

private:
    const Table& table_;
};

}  // namespace msprobe::report
