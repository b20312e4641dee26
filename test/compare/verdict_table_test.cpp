// August's result table from two dumps made here: columns, the key-only join,
// the statistics cells and the verdicts.
#include <catch2/catch.hpp>

#include "common/thread_pool.hpp"
#include "verdict_compare/verdict_table_writer.hpp"
#include "compare/verdict_table.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using report::Cell;

namespace {

dump::DumpRow stat_row(const std::string& name, const std::string& dtype, const std::string& shape,
                       std::array<dump::StatValue, 4> stats, dump::RowState state) {
    dump::DumpRow r;
    r.name = name;
    r.dtype = dtype;
    r.shape = shape;
    r.stats = stats;
    r.requires_grad = false;
    r.state = state;
    return r;
}

dump::DumpFile statistics_dump(const std::string& output_shape, const std::string& input_dtype) {
    dump::DumpFile d;
    d.task = "statistics";
    d.api_names = {"Functional.linear.0.forward"};
    using dump::StatValue;
    d.rows.push_back(stat_row("Functional.linear.0.forward.input.0", input_dtype, "[2]",
                              {StatValue::of_integer(3), StatValue::of_integer(1), StatValue::of_number(2.0),
                               StatValue::of_number(3.1622776601683795)},
                              dump::RowState::Input));
    d.rows.push_back(stat_row("Functional.linear.0.forward.output.0", "torch.float32", output_shape,
                              {StatValue::of_number(0.5), StatValue::of_number(-0.5), StatValue::of_number(0.0),
                               StatValue::of_number(1.0)},
                              dump::RowState::Output));
    return d;
}

std::string cell_text(const VerdictTable& t, std::size_t row, const char* header) {
    const Cell& c = t.result.table.rows[row][static_cast<std::size_t>(t.result.column(header))];
    return c.is_text() ? std::string(c.text()) : "<not text>";
}

}  // namespace

TEST_CASE("august statistics table: August's columns, key-only join, verdicts") {
    ThreadPool pool(1);
    const auto npu = statistics_dump("[4]", "torch.float32");
    auto bench = statistics_dump("[8]", "torch.float32");
    bench.rows[1].stats[0] = dump::StatValue::of_number(0.25);
    const VerdictTable t = verdict_table(npu, bench, nullptr, pool, VerdictTableOptions{});
    const std::vector<std::string> tail(t.result.table.header.end() - 3, t.result.table.header.end());
    CHECK(tail == std::vector<std::string>{"Requires_grad Consistent", "Result", "Err_message"});
    CHECK(t.result.table.header[8] == "Max diff");
    REQUIRE(t.result.table.rows.size() == 2);
    // The shapes differ but the names match: a matched row the shape rule flags.
    CHECK(cell_text(t, 1, "Bench Name") == "Functional.linear.0.forward.output.0");
    CHECK(cell_text(t, 1, "Max diff") == "0.25");
    CHECK(cell_text(t, 1, "MaxRelativeErr") == "100.0%");
    CHECK(cell_text(t, 1, "Min diff") == "0");
    CHECK(cell_text(t, 1, "Result") == "error");
    CHECK(cell_text(t, 1, "Err_message") == R"(["error: The shape of NPU and Bench are inconsistent."])");
    CHECK(cell_text(t, 0, "Result") == "pass");
    // The integer statistics print without a point.
    const std::string csv = python_csv_text(t, 0, 1);
    CHECK(csv.find(",3,1,2.0,3.1622776601683795,3,1,2.0,3.1622776601683795,True,pass,[]\n") != std::string::npos);
}

TEST_CASE("august statistics table: incompatible dtypes leave the row unmatched") {
    ThreadPool pool(1);
    const VerdictTable t = verdict_table(statistics_dump("[4]", "torch.int64"), statistics_dump("[4]", "torch.float32"),
                                       nullptr, pool, VerdictTableOptions{});
    CHECK(cell_text(t, 0, "Bench Name") == "N/A");
    CHECK(cell_text(t, 0, "Max diff") == "N/A");
    CHECK(cell_text(t, 0, "Result") == "pass");
    CHECK(cell_text(t, 0, "Err_message") == "[]");
}

TEST_CASE("august md5 table gains Err_message") {
    ThreadPool pool(1);
    auto npu = statistics_dump("[4]", "torch.float32");
    auto bench = npu;
    npu.has_digests = bench.has_digests = true;
    npu.rows[0].md5 = bench.rows[0].md5 = "0badf00d";
    npu.rows[1].md5 = "1badf00d";
    bench.rows[1].md5 = "2badf00d";
    const VerdictTable t = verdict_table(npu, bench, nullptr, pool, VerdictTableOptions{});
    const std::vector<std::string> tail(t.result.table.header.begin() + 8, t.result.table.header.end());
    CHECK(tail ==
          std::vector<std::string>{"NPU MD5", "BENCH MD5", "Requires_grad Consistent", "Result", "Err_message"});
    CHECK(cell_text(t, 0, "Result") == "pass");
    CHECK(cell_text(t, 1, "Err_message") == R"(["error: The CRC-32 value of NPU differs from that of the bench."])");
}

TEST_CASE("august join pairs backward entries by their order, names kept") {
    ThreadPool pool(1);
    auto npu = statistics_dump("[4]", "torch.float32");
    auto bench = npu;
    npu.api_names = {"Functional.linear.2.backward"};
    bench.api_names = {"Functional.linear.0.backward"};
    for (auto* side : {&npu, &bench}) {
        for (auto& r : side->rows) r.name = side->api_names[0] + r.name.substr(r.name.find(".forward") + 8);
    }
    const VerdictTable t = verdict_table(npu, bench, nullptr, pool, VerdictTableOptions{});
    CHECK(cell_text(t, 0, "NPU Name") == "Functional.linear.2.backward.input.0");
    CHECK(cell_text(t, 0, "Bench Name") == "Functional.linear.0.backward.input.0");
}
