// The per-rank table of August's compare -da (cli_august.md §4.5): rows
// joined on the key alone with backward call numbers renumbered by occurrence
// (§4.1), incompatible dtypes unpaired, August's diff texts (§3.3), and no
// verdicts: Result and Err_message empty in statistics, pass/Different and an
// empty (NaN) Err_message in md5.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "first_diff/occurrence_rank_table.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;
using dump::StatValue;
using report::Cell;

namespace {

struct Leaf {
    std::string name;
    std::string dtype;
    std::string shape;
    std::array<StatValue, 4> stats;
    std::string md5 = {};
};

std::array<StatValue, 4> numbers(double max, double min, double mean, double norm) {
    return {StatValue::of_number(max), StatValue::of_number(min), StatValue::of_number(mean),
            StatValue::of_number(norm)};
}

// A dump of entries in order, each with its leaves; a leaf's state from its name.
dump::DumpFile dump_of(const std::vector<std::pair<std::string, std::vector<Leaf>>>& entries) {
    dump::DumpFile dump;
    dump.task = "statistics";
    dump.framework = "pytorch";
    for (const auto& [api, leaves] : entries) {
        dump.api_names.push_back(api);
        for (const auto& leaf : leaves) {
            dump::DumpRow row;
            row.name = api + "." + leaf.name;
            row.dtype = leaf.dtype;
            row.shape = leaf.shape;
            row.stats = leaf.stats;
            row.requires_grad = false;
            row.state = leaf.name.starts_with("output") ? dump::RowState::Output : dump::RowState::Input;
            row.api_index = static_cast<std::uint32_t>(dump.api_names.size() - 1);
            if (!leaf.md5.empty()) {
                row.md5 = leaf.md5;
                dump.has_digests = true;
            }
            dump.rows.push_back(std::move(row));
        }
    }
    return dump;
}

std::string text(const compare::ResultTable& t, std::size_t row, const char* header) {
    const int column = t.column(header);
    REQUIRE(column >= 0);
    const Cell& c = t.table.rows.at(row).at(static_cast<std::size_t>(column));
    REQUIRE(c.is_text());
    return std::string(c.text());
}

const char* const kF32 = "torch.float32";

}  // namespace

TEST_CASE("occurrence rank table: statistics rows joined on occurrence keys, diff texts, no verdicts",
          "[first_diff][occurrence_rank_table]") {
    const auto npu = dump_of({
        {"Torch.add.0.forward", {{"input.0", kF32, "[2]", numbers(1, 0, 0.5, 1)},
                                 {"output.0", kF32, "[4]", numbers(1, 0, 0.5, 1)}}},
        {"Torch.mul.0.forward", {{"input.0", "torch.float64", "[1]", numbers(1, 1, 1, 1)},
                                 {"output.0", kF32, "[1]", numbers(1, 1, 1, 1)}}},
        {"Functional.linear.2.backward", {{"input.0", kF32, "[2]", numbers(2.0, -1.0, 1.0, 2.0)},
                                          {"output.0", kF32, "[2]", numbers(1, 0, 0.5, 1)}}},
    });
    auto bench = dump_of({
        {"Torch.add.0.forward", {{"input.0", kF32, "[2]", numbers(1, 0, 0.5, 1)},
                                 {"output.0", kF32, "[3]", numbers(1, 0, 0.5, 1)}}},
        {"Torch.mul.0.forward", {{"input.0", kF32, "[1]", numbers(1, 1, 1, 1)},
                                 {"output.0", kF32, "[1]", numbers(1, 1, 1, 1)}}},
        {"Functional.linear.7.backward", {{"input.0", kF32, "[2]", numbers(1.5, 0.0, 0.75, 2.0)},
                                          {"output.0", kF32, "[2]", numbers(1, 0, 0.5, 1)}}},
    });
    // The bench output's max written as an integer: its text "1" is not the NPU's "1.0".
    bench.rows[5].stats[0] = StatValue::of_integer(1);

    const RankTable table = occurrence_rank_table(npu, bench);
    REQUIRE(table.pairs.size() == 6);
    const std::vector<std::int64_t> bench_of = {0, 1, compare::kNoBench, 3, 4, 5};
    for (std::size_t r = 0; r < 6; ++r) {
        CAPTURE(r);
        CHECK(table.pairs[r].npu == r);
        CHECK(table.pairs[r].bench == bench_of[r]);
    }
    const auto& t = table.result;
    CHECK(t.column("NPU_Stack_Info") < 0);
    REQUIRE(t.table.rows.size() == 6);
    // A shape difference is a matched row (the key alone joins).
    CHECK(text(t, 1, "Bench Name") == "Torch.add.0.forward.output.0");
    CHECK(text(t, 1, "Bench Tensor Shape") == "[3]");
    CHECK(text(t, 1, "Max diff") == "0");
    // float64 against float32 is no pair.
    CHECK(text(t, 2, "Bench Name") == "N/A");
    // The NPU's second backward call number meets the bench's seventh: both are the first linear backward.
    CHECK(text(t, 4, "NPU Name") == "Functional.linear.2.backward.input.0");
    CHECK(text(t, 4, "Bench Name") == "Functional.linear.7.backward.input.0");
    CHECK(text(t, 4, "Max diff") == "0.5");
    CHECK(text(t, 4, "Min diff") == "-1.0");
    CHECK(text(t, 4, "Mean diff") == "0.25");
    CHECK(text(t, 4, "L2norm diff") == "0");
    CHECK(text(t, 4, "MaxRelativeErr") == "33.33333333333333%");
    CHECK(text(t, 4, "MinRelativeErr") == "inf");  // a bench of 0
    CHECK(text(t, 4, "MeanRelativeErr") == "33.33333333333333%");
    CHECK(text(t, 4, "NormRelativeErr") == "0");
    CHECK(text(t, 5, "Max diff") == "0.0");
    CHECK(text(t, 5, "MaxRelativeErr") == "0.0%");
    for (std::size_t r = 0; r < 6; ++r) {
        CAPTURE(r);
        CHECK(text(t, r, "Result").empty());
        CHECK(text(t, r, "Err_message").empty());
    }
}

TEST_CASE("occurrence rank table: backward calls pair by their order of occurrence, not their numbers",
          "[first_diff][occurrence_rank_table]") {
    const auto leaf = [](double max) { return Leaf{"output.0", kF32, "[2]", numbers(max, 0, 0, 0)}; };
    const auto npu = dump_of({{"Functional.linear.5.backward", {leaf(1)}},
                              {"Functional.linear.3.backward", {leaf(2)}},
                              {"Functional.relu.3.forward", {leaf(3)}}});
    const auto bench = dump_of({{"Functional.linear.0.backward", {leaf(1)}},
                                {"Functional.linear.1.backward", {leaf(2)}},
                                {"Functional.relu.0.forward", {leaf(3)}}});
    const RankTable table = occurrence_rank_table(npu, bench);
    REQUIRE(table.pairs.size() == 3);
    CHECK(table.pairs[0].bench == 0);
    CHECK(table.pairs[1].bench == 1);
    CHECK(table.pairs[2].bench == compare::kNoBench);  // forward numbers are kept: 3 is not 0
    CHECK(text(table.result, 1, "Bench Name") == "Functional.linear.1.backward.output.0");
    CHECK(text(table.result, 1, "Max diff") == "0");
}

TEST_CASE("occurrence rank table: md5 rows say pass or Different, with an empty Err_message",
          "[first_diff][occurrence_rank_table]") {
    const auto npu = dump_of({{"Torch.add.0.forward", {{"input.0", kF32, "[2]", numbers(1, 0, 0, 1), "0badf00d"},
                                                       {"output.0", kF32, "[2]", numbers(1, 0, 0, 1), "1badf00d"}}},
                              {"Torch.sub.0.forward", {{"output.0", kF32, "[2]", numbers(1, 0, 0, 1), "3badf00d"}}}});
    const auto bench = dump_of({{"Torch.add.0.forward", {{"input.0", kF32, "[2]", numbers(1, 0, 0, 1), "0badf00d"},
                                                         {"output.0", kF32, "[2]", numbers(1, 0, 0, 1), "2badf00d"}}}});
    const RankTable table = occurrence_rank_table(npu, bench);
    const auto& t = table.result;
    REQUIRE(t.table.rows.size() == 3);
    CHECK(t.table.header.back() == "Err_message");
    CHECK(t.column("Err_message") == static_cast<int>(t.table.header.size()) - 1);
    CHECK(t.column("Max diff") < 0);
    CHECK(text(t, 0, "NPU MD5") == "0badf00d");
    CHECK(text(t, 0, "Result") == "pass");
    CHECK(text(t, 1, "BENCH MD5") == "2badf00d");
    CHECK(text(t, 1, "Result") == "Different");
    CHECK(text(t, 2, "Bench Name") == "N/A");
    CHECK(text(t, 2, "Result") == "N/A");
    for (const auto& cells : t.table.rows) {
        REQUIRE(cells.size() == t.table.header.size());
        CHECK(cells.back().is_number());
        CHECK(std::isnan(cells.back().number()));
    }
}
