// The statistics and md5 result tables, cell by cell.
#include <catch2/catch.hpp>

#include "compare/summary_table.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using dump::StatValue;
using report::Cell;

namespace {

dump::DumpRow row_of(const std::string& name, std::array<StatValue, 4> stats, std::optional<bool> requires_grad,
                     std::optional<std::string> md5 = std::nullopt) {
    dump::DumpRow row;
    row.name = name, row.dtype = "torch.float32", row.shape = "[2]";
    row.stats = std::move(stats);
    row.requires_grad = requires_grad;
    if (md5) row.md5 = std::move(*md5);
    return row;
}

std::vector<Cell> tail(const std::vector<Cell>& cells) { return {cells.begin() + 8, cells.end()}; }

}  // namespace

TEST_CASE("summary table: differences, relative errors and the warning", "[summary_table]") {
    const StatValue none = StatValue::null();
    dump::DumpFile npu, bench;
    npu.api_names = bench.api_names = {"Functional.a.0.forward"};
    npu.rows = {
        row_of("A.input.0", {StatValue::of_number(3), StatValue::of_number(-1), StatValue::of_number(0.5), none},
               std::nullopt),
        row_of("A.input.1", {StatValue::of_number(3), none, none, none}, std::nullopt),
        row_of("A.output.0",
               {StatValue::of_text("nan"), StatValue::of_number(1), StatValue::of_number(1), StatValue::of_number(1)},
               true)};
    bench.rows = {
        row_of("A.input.0", {StatValue::of_number(2), StatValue::of_number(1), StatValue::of_integer(0), none},
               std::nullopt),
        row_of("A.output.0",
               {StatValue::of_number(1), StatValue::of_number(1), StatValue::of_number(1), StatValue::of_number(1)},
               false)};
    const auto result = summary_table(npu, bench, {{0, 0}, {1, kNoBench}, {2, 1}}, nullptr);
    CHECK(result.mode == CompareMode::Summary);
    REQUIRE(result.table.header.size() == 27);
    CHECK(result.table.header[8] == "Max diff");
    CHECK(result.table.header[26] == "Err_message");
    REQUIRE(result.table.rows.size() == 3);

    // Max 3-2 = 1 (50% of 2), min -1-1 = -2 (200% of 1; |-2| / |max(-1, 1)| > 0.5 warns),
    // mean 0.5-0 = 0.5 (no relative error against 0), norm null: N/A.
    CHECK(tail(result.table.rows[0]) ==
          std::vector<Cell>{1.0, -2.0, 0.5, "N/A", "50.0%", "200.0%", "N/A", "N/A", 3.0, -1.0, 0.5, "None", 2.0, 1.0,
                            0.0, "None", Cell::boolean(true), "Warning", "Need double check api accuracy. "});
    // No bench row.
    CHECK(result.table.rows[1][1] == Cell("N/A"));
    CHECK(tail(result.table.rows[1]) ==
          std::vector<Cell>{"N/A", "N/A", "N/A", "N/A", "N/A", "N/A", "N/A", "N/A", 3.0, "None", "None", "None", "N/A",
                            "N/A", "N/A", "N/A", Cell::boolean(true), "N/A", "No bench data matched."});
    // A nan text gives Nan differences; requires_grad True against False.
    CHECK(tail(result.table.rows[2]) ==
          std::vector<Cell>{"Nan", 0.0, 0.0, 0.0, "Nan", "0.0%", "0.0%", "0.0%", "Nan", 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
                            1.0, Cell::boolean(false), "", "Requires_grad inconsistent. "});
}

TEST_CASE("summary table: a small difference is no warning", "[summary_table]") {
    dump::DumpFile npu, bench;
    npu.api_names = bench.api_names = {"A"};
    npu.rows = {row_of("A.input.0", {StatValue::of_number(4), StatValue::of_number(4), StatValue::of_number(4),
                                     StatValue::of_number(4)},
                       std::nullopt)};
    bench.rows = {row_of("A.input.0", {StatValue::of_number(3), StatValue::of_number(3), StatValue::of_number(3),
                                       StatValue::of_number(3)},
                         std::nullopt)};
    const auto result = summary_table(npu, bench, {{0, 0}}, nullptr);
    // |4-3| / 4 = 0.25 is not above 0.5.
    CHECK(result.table.rows[0][25] == Cell(""));
    CHECK(result.table.rows[0][26] == Cell(""));
    CHECK(result.table.rows[0][12] == Cell("33.33333333333333%"));
}

TEST_CASE("md5 table: digests compared as texts", "[summary_table]") {
    const StatValue none = StatValue::null();
    dump::DumpFile npu, bench;
    npu.api_names = bench.api_names = {"A"};
    npu.rows = {row_of("A.input.0", {none, none, none, none}, true, "aaaa"),
                row_of("A.input.1", {none, none, none, none}, true, "bbbb"),
                row_of("A.input.2", {none, none, none, none}, std::nullopt),
                row_of("A.input.3", {none, none, none, none}, std::nullopt)};
    bench.rows = {row_of("A.input.0", {none, none, none, none}, true, "aaaa"),
                  row_of("A.input.1", {none, none, none, none}, false, "cccc"),
                  row_of("A.input.2", {none, none, none, none}, std::nullopt)};
    const auto result = md5_table(npu, bench, {{0, 0}, {1, 1}, {2, 2}, {3, kNoBench}}, nullptr);
    CHECK(result.mode == CompareMode::Md5);
    CHECK(std::vector<std::string>(result.table.header.begin() + 8, result.table.header.end()) ==
          std::vector<std::string>{"NPU MD5", "BENCH MD5", "Requires_grad Consistent", "Result"});
    CHECK(tail(result.table.rows[0]) == std::vector<Cell>{"aaaa", "aaaa", Cell::boolean(true), "pass"});
    CHECK(tail(result.table.rows[1]) == std::vector<Cell>{"bbbb", "cccc", Cell::boolean(false), "Different"});
    // Two None rows: both N/A, a pass; an unmatched row is never one.
    CHECK(tail(result.table.rows[2]) == std::vector<Cell>{"N/A", "N/A", Cell::boolean(true), "pass"});
    CHECK(tail(result.table.rows[3]) == std::vector<Cell>{"N/A", "N/A", Cell::boolean(true), "N/A"});
}
