// Tensor mode's cells of every row (atb_data_compare.py:
// cal_comparison_metrics_by_tensor): each side's statistics whatever the other
// holds, metrics only when both files are readable, and the refusals that
// replace msprobe's N/A cells (docs/compatibility.md rows 210, 211).
#include <catch2/catch.hpp>

#include "atb_compare/tensor_mode_cells.hpp"
#include "atb_test_files.hpp"
#include "common/error.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace std::string_literals;

namespace {

struct Rows {
    std::vector<atb::StatisticRow> targets, goldens;

    std::vector<atb::MatchedRow> matched() const {
        std::vector<atb::MatchedRow> rows;
        for (std::size_t i = 0; i < targets.size(); ++i) rows.push_back({&targets[i], &goldens[i]});
        return rows;
    }
};

atb::StatisticRow row_at(const std::filesystem::path& file) {
    atb::StatisticRow row;
    row.tensor_path = file.string();
    return row;
}

std::filesystem::path f32_file(const std::string& name, const std::vector<float>& values) {
    return write_atb_file(name,
                          atb_tensor_bytes(kAtbFloat32, {static_cast<std::int64_t>(values.size())}, bytes_of(values)));
}

std::vector<atb::TensorModeCells> cells_of(const Rows& rows, const atb::TensorRules& rules) {
    ThreadPool pool(4);
    return atb::tensor_mode_cells(rows.matched(), rules, pool);
}

}  // namespace

TEST_CASE("atb tensor mode cells: one entry per row, in row order", "[atb_compare]") {
    Rows rows;
    for (int i = 0; i < 6; ++i) {
        const auto n = static_cast<float>(i + 1);
        rows.targets.push_back(row_at(f32_file("tmc_t" + std::to_string(i), {n, 2 * n})));
        rows.goldens.push_back(row_at(f32_file("tmc_g" + std::to_string(i), {n, 2 * n})));
    }
    const auto cells = cells_of(rows, {});
    REQUIRE(cells.size() == 6);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        // Max of [n, 2n] is 2n; identical sides: cosine 1.0.
        CHECK(cells[i].target_statistics[0] == std::to_string(2 * (i + 1)) + ".0");
        CHECK(cells[i].golden_statistics[1] == std::to_string(i + 1) + ".0");
        CHECK(cells[i].metrics[0] == "1.0");
    }
}

TEST_CASE("atb tensor mode cells: the first damaged file in row order ends the run", "[atb_compare]") {
    Rows rows;
    for (int i = 0; i < 8; ++i) {
        rows.targets.push_back(row_at(f32_file("tmc_d_t" + std::to_string(i), {1, 2})));
        rows.goldens.push_back(row_at(f32_file("tmc_d_g" + std::to_string(i), {1, 2})));
    }
    const auto broken = [&](int i) {
        const auto path = write_atb_text("tmc_broken" + std::to_string(i), "dims:2\n");
        rows.goldens[static_cast<std::size_t>(i)] = row_at(path);
        return path;
    };
    broken(6);
    const auto first = broken(3);
    try {
        (void)cells_of(rows, {});
        FAIL("no refusal");
    } catch (const Error& e) {
        CHECK(e.file() == first.string());
        CHECK(e.reason() == "header line 1 is not one key=value");
    }
    // msprobe's way: that row's metrics and golden statistics are N/A, the target's statistics are computed.
    const auto cells = cells_of(rows, {false, true});
    CHECK(cells[3].metrics == std::array<std::string, 6>{"N/A", "N/A", "N/A", "N/A", "N/A", "N/A"});
    CHECK(cells[3].golden_statistics == std::array<std::string, 4>{"N/A", "N/A", "N/A", "N/A"});
    CHECK(cells[3].target_statistics[0] == "2.0");
    CHECK(cells[2].metrics[0] == "1.0");
}

TEST_CASE("atb tensor mode cells: a 0-d pair is compared, or ends the run as msprobe's does", "[atb_compare]") {
    Rows rows;
    rows.targets.push_back(row_at(write_atb_text("tmc_scalar_t", "$End=1\n\x00\x00\x40\x40"s)));
    rows.goldens.push_back(row_at(write_atb_text("tmc_scalar_g", "$End=1\n\x00\x00\x00\x40"s)));
    // 3 against 2: the kernel's 0-d case computes only |n - b| and |n - b| / |b|.
    const auto cells = cells_of(rows, {});
    CHECK(cells[0].metrics ==
          std::array<std::string, 6>{"unsupported", "unsupported", "1.0", "0.5", "unsupported", "unsupported"});
    CHECK_THROWS_WITH(cells_of(rows, {true, false}), Catch::Contains("TypeError: len() of unsized object"));
    // Against a 1-d golden the shapes differ: no TypeError in msprobe either.
    rows.goldens[0] = row_at(f32_file("tmc_scalar_1d", {2}));
    CHECK(cells_of(rows, {true, false})[0].metrics[0] == "N/A");
}
