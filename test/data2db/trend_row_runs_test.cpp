#include "data2db/trend_row_runs.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using msprobe::data2db::TrendRowKey;
using msprobe::data2db::TrendRowRuns;

namespace {

using Values = std::vector<std::optional<double>>;

std::vector<std::string> rows_of(TrendRowRuns& runs) {
    std::vector<std::string> out;
    runs.for_each([&](const TrendRowKey& key, std::span<const std::optional<double>> values) {
        std::string line = std::to_string(key.rank) + " " + std::to_string(key.step) + " " +
                           std::to_string(key.target) + " " + std::to_string(key.metric) + ":";
        for (const auto& value : values) line += value ? " " + std::to_string(*value) : " NULL";
        out.push_back(line);
    });
    return out;
}

}  // namespace

TEST_CASE("trend rows come back rank by rank in key order, the first row of a key kept", "[data2db][trend_row_runs]") {
    TrendRowRuns runs(2);
    // Step 0: rank 1 then rank 0 (the order folders give), each file's rows in any order.
    runs.add({1, 0, 5, 1}, Values{1.0, std::nullopt});
    runs.add({1, 0, 2, 1}, Values{2.0, 3.0});
    runs.add({1, 0, 5, 1}, Values{9.0, 9.0});  // the same key again: INSERT OR IGNORE keeps the first
    runs.add({0, 0, 7, 2}, Values{std::nullopt, std::nullopt});
    runs.end_run();
    // Step 1.
    runs.add({1, 1, 1, 1}, Values{4.0, -0.5});
    runs.add({0, 1, 1, 1}, Values{5.0, 1e9});
    CHECK(rows_of(runs) == std::vector<std::string>{
                               "0 0 7 2: NULL NULL",
                               "0 1 1 1: 5.000000 1000000000.000000",
                               "1 0 2 1: 2.000000 3.000000",
                               "1 0 5 1: 1.000000 NULL",
                               "1 1 1 1: 4.000000 -0.500000",
                           });
    CHECK(runs.sorted());
    CHECK(runs.size() == 5);
}

TEST_CASE("runs of a rank that overlap come back in the order they came", "[data2db][trend_row_runs]") {
    TrendRowRuns runs(1);
    runs.add({3, 4, 1, 1}, Values{1.0});
    runs.end_run();
    runs.add({3, 4, 1, 1}, Values{2.0});  // two folders of one rank and step (rank3, rank03)
    runs.add({3, 2, 1, 1}, Values{3.0});
    CHECK(rows_of(runs) == std::vector<std::string>{"3 4 1 1: 1.000000", "3 2 1 1: 3.000000", "3 4 1 1: 2.000000"});
    CHECK_FALSE(runs.sorted());
}

TEST_CASE("a row needs one value per statistic", "[data2db][trend_row_runs]") {
    TrendRowRuns runs(4);
    CHECK_THROWS_AS(runs.add({0, 0, 1, 1}, Values{1.0}), std::logic_error);
    CHECK(rows_of(runs).empty());
    CHECK(runs.sorted());
}
