// A rank's extract as it travels between the processes of a spread
// merge_result: every kind of cell comes back as it was, bit for bit.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "merge/rank_extract_message.hpp"

using msprobe::compare::CompareMode;
using msprobe::merge::RankExtract;
using msprobe::report::Cell;

namespace {

std::uint64_t bits_of(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

// Equal cells; numbers by their bits, so NaN and -0 count.
void check_same_cells(const std::vector<Cell>& ours, const std::vector<Cell>& expected) {
    REQUIRE(ours.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO(i);
        if (expected[i].is_number()) {
            REQUIRE(ours[i].is_number());
            CHECK(bits_of(ours[i].number()) == bits_of(expected[i].number()));
        } else {
            CHECK(ours[i] == expected[i]);
        }
    }
}

}  // namespace

TEST_CASE("rank extract message: every cell kind, number bits and text bytes come back") {
    RankExtract extract;
    extract.rank = 12;
    extract.mode = CompareMode::Summary;
    extract.unmatched_apis = {"Functional.conv2d"};
    extract.names = {"Functional.linear.0.forward.input.0", std::string("bytes \xff\xfe not utf-8"), ""};
    extract.values["Max diff"] = {Cell(1.5), Cell(-0.0), Cell(std::numeric_limits<double>::quiet_NaN())};
    extract.values["MeanRelativeErr"] = {Cell(), Cell::boolean(true), Cell::boolean(false)};
    extract.values["Min diff"] = {Cell("N/A"), Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3 and a text past fourteen bytes"),
                                  Cell(-std::numeric_limits<double>::infinity())};

    const auto packed = nlohmann::json::to_msgpack(msprobe::merge::rank_extract_message(extract));
    const RankExtract back = msprobe::merge::rank_extract_from_message(nlohmann::json::from_msgpack(packed));

    CHECK(back.rank == 12);
    CHECK_FALSE(back.empty);
    CHECK(back.mode == CompareMode::Summary);
    CHECK(back.unmatched_apis == extract.unmatched_apis);
    CHECK(back.names == extract.names);
    REQUIRE(back.values.size() == extract.values.size());
    for (const auto& [index, cells] : extract.values) {
        INFO(index);
        REQUIRE(back.values.count(index) == 1);
        check_same_cells(back.values.at(index), cells);
    }
}

TEST_CASE("rank extract message: an empty rank stays empty") {
    RankExtract extract;
    extract.rank = 3;
    extract.empty = true;
    const auto packed = nlohmann::json::to_msgpack(msprobe::merge::rank_extract_message(extract));
    const RankExtract back = msprobe::merge::rank_extract_from_message(nlohmann::json::from_msgpack(packed));
    CHECK(back.rank == 3);
    CHECK(back.empty);
    CHECK(back.mode == std::nullopt);
    CHECK(back.names.empty());
    CHECK(back.values.empty());
}
