// Rows counted on a progress line as a writer takes them: they pass unchanged,
// and the count reaches the total with the last row, a batch at a time before it.
#include "report/progress_rows.hpp"

#include <string>
#include <catch2/catch.hpp>

#include "report/csv_writer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace {

msprobe::report::Table numbered_rows(std::size_t count) {
    msprobe::report::Table table;
    table.header = {"name", "value"};
    for (std::size_t i = 0; i < count; ++i) table.rows.push_back({"row" + std::to_string(i), std::to_string(i * 2)});
    table.fills.assign(count, msprobe::report::RowFill::None);
    table.fills.back() = msprobe::report::RowFill::Red;
    return table;
}

}  // namespace

TEST_CASE("progress rows pass every row and fill unchanged and count them a batch at a time", "[report]") {
    constexpr std::size_t kBatch = msprobe::report::ProgressRows::kBatchRows;
    const auto table = numbered_rows(2 * kBatch + 5);
    msprobe::report::TableRows rows(table);
    msprobe::Progress progress("Writing rows", static_cast<std::int64_t>(table.rows.size()), false, "rows");
    msprobe::report::ProgressRows counted(rows, progress);
    CHECK(counted.header() == table.header);
    CHECK(counted.size() == table.rows.size());
    CHECK(counted.columns(0, counted.size()) == 2);
    for (std::size_t r = 0; r < counted.size(); ++r) {
        const auto& cells = counted.row(r);
        REQUIRE(cells.size() == 2);
        CHECK(cells[0].text() == "row" + std::to_string(r));
        CHECK(counted.fill(r) == table.fill_of(r));
        // Counted whole batches only, until the last row brings in the rest.
        const std::size_t expected = r + 1 == counted.size() ? r + 1 : (r + 1) / kBatch * kBatch;
        CHECK(progress.done() == static_cast<std::int64_t>(expected));
    }
    CHECK(progress.done() == static_cast<std::int64_t>(table.rows.size()));
}

TEST_CASE("a writer given progress rows writes what it writes of the source", "[report]") {
    const auto table = numbered_rows(3000);
    const auto dir = msprobe::testing::scratch_dir("report_progress_rows");
    msprobe::report::TableRows plain(table);
    msprobe::report::write_csv(plain, msprobe::report::CellRendering::Plain, dir / "plain.csv");
    msprobe::report::TableRows rows(table);
    msprobe::Progress progress("Writing rows", 3000, true, "rows");  // stderr is no terminal under ctest
    msprobe::report::ProgressRows counted(rows, progress);
    msprobe::report::write_csv(counted, msprobe::report::CellRendering::Plain, dir / "counted.csv");
    CHECK(msprobe::testing::read_file_text(dir / "counted.csv") == msprobe::testing::read_file_text(dir / "plain.csv"));
    CHECK(progress.done() == 3000);
    std::filesystem::remove_all(dir);
}
