// The per-API difference check of compare -da: the threshold and per-API
// vectors of the diff_analyze spec §9, and the built-in data files checked
// against msprobe's own.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "first_diff/api_check.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using first_diff::DiffCheckConfig;
using report::Cell;

namespace {

DiffCheckConfig two_metric_config() {
    DiffCheckConfig config;
    config.compare_metrics = {"MaxRelativeErr", "NormRelativeErr"};
    config.thresholds["MaxRelativeErr"] = {0.5};
    return config;
}

// A table with the header of the spec's vectors: one API, rows of (state, cells).
compare::ResultTable table_of(const std::vector<std::string>& header, const std::string& api,
                              const std::vector<std::pair<dump::RowState, std::vector<Cell>>>& rows,
                              compare::CompareMode mode = compare::CompareMode::Summary) {
    compare::ResultTable t;
    t.mode = mode;
    t.table.header = header;
    t.set_api_names({api});
    for (const auto& [state, cells] : rows) {
        t.table.rows.push_back(cells);
        t.states.push_back(state);
        t.api_index.push_back(0);
    }
    return t;
}

const std::vector<std::string> kHeader = {"NPU name",        "L2norm diff",     "MaxRelativeErr", "MinRelativeErr",
                                          "MeanRelativeErr", "NormRelativeErr", "state",          "api_origin_name"};

std::vector<Cell> relative_row(const std::string& name, const std::string& err, const char* state,
                               const std::string& api) {
    return {Cell(name), Cell(1.0), Cell(err), Cell(err), Cell(err), Cell(err), Cell(state), Cell(api)};
}

}  // namespace

TEST_CASE("threshold check: strict 'x%' above the configured fraction", "[first_diff]") {
    const auto config = two_metric_config();
    CHECK(first_diff::metric_exceeds(config, "MaxRelativeErr", Cell("60.0%")));
    CHECK_FALSE(first_diff::metric_exceeds(config, "MaxRelativeErr", Cell("30.0%")));
    CHECK_FALSE(first_diff::metric_exceeds(config, "MaxRelativeErr", Cell("50.0%")));
    CHECK_FALSE(first_diff::metric_exceeds(config, "MaxRelativeErr", Cell("N/A")));
    CHECK_FALSE(first_diff::metric_exceeds(config, "MaxRelativeErr", Cell("Nan")));
    CHECK_FALSE(first_diff::metric_exceeds(config, "MaxRelativeErr", Cell(99.0)));

    DiffCheckConfig only_norm;
    only_norm.thresholds["NormRelativeErr"] = {0.5};
    CHECK_THROWS_WITH(first_diff::metric_exceeds(only_norm, "MaxRelativeErr", Cell("60.0%")),
                      Catch::Contains("Check diff or MaxRelativeErr need to configure the threshold"));
    DiffCheckConfig two_values;
    two_values.thresholds["MaxRelativeErr"] = {0.5, 1.0};
    CHECK_THROWS_WITH(first_diff::metric_exceeds(two_values, "MaxRelativeErr", Cell("60.0%")),
                      Catch::Contains("MaxRelativeErr threshold configure wrong"));
}

TEST_CASE("per-API check: outputs above the threshold make the API differ", "[first_diff]") {
    const auto config = DiffCheckConfig::builtin();
    const std::string api = "Functional.conv2d.0.forward";
    SECTION("small errors: same, both rows kept") {
        const auto t = table_of(kHeader, api,
                                {{dump::RowState::Input, relative_row(api + ".input.0", "0.0%", "input", api)},
                                 {dump::RowState::Output, relative_row(api + ".output.0", "0.1%", "output", api)}});
        const auto checks = first_diff::check_apis(t, config, "t");
        REQUIRE(checks.size() == 1);
        CHECK(checks[0].api == api);
        CHECK(checks[0].is_same);
        CHECK(checks[0].begin == 0);
        CHECK(checks[0].end == 2);
    }
    SECTION("88% input, 99% output: differs") {
        const auto t = table_of(kHeader, api,
                                {{dump::RowState::Input, relative_row(api + ".input.0", "88.0%", "input", api)},
                                 {dump::RowState::Output, relative_row(api + ".output.0", "99.0%", "output", api)}});
        CHECK_FALSE(first_diff::check_apis(t, config, "t")[0].is_same);
    }
    SECTION("inputs never make an API differ") {
        const auto t = table_of(kHeader, api,
                                {{dump::RowState::Input, relative_row(api + ".input.0", "99.0%", "input", api)},
                                 {dump::RowState::Output, relative_row(api + ".output.0", "0.0%", "output", api)}});
        CHECK(first_diff::check_apis(t, config, "t")[0].is_same);
    }
    SECTION("npu_fusion_attention outputs 4 and 5 are ignored") {
        const std::string fa = "NPU.npu_fusion_attention.0.forward";
        std::vector<std::pair<dump::RowState, std::vector<Cell>>> rows;
        for (int k = 0; k < 6; ++k) {
            const bool seed = k >= 4;
            rows.push_back({dump::RowState::Output,
                            relative_row(fa + ".output." + std::to_string(k), seed ? "200.0%" : "0.0%", "output", fa)});
        }
        CHECK(first_diff::check_apis(table_of(kHeader, fa, rows), config, "t")[0].is_same);
        rows[3].second[2] = Cell("200.0%");
        CHECK_FALSE(first_diff::check_apis(table_of(kHeader, fa, rows), config, "t")[0].is_same);
    }
    SECTION("keys with fewer than four segments are left out") {
        const auto t =
            table_of(kHeader, "a.b.c", {{dump::RowState::Output, relative_row("a.b.c.0", "99%", "output", "a.b.c")}});
        CHECK(first_diff::check_apis(t, config, "t").empty());
    }
}

TEST_CASE("per-API check in md5 mode: Result 'Different' on an output", "[first_diff]") {
    const std::vector<std::string> header = {"NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype",
                                             "NPU Tensor Shape", "Bench Tensor Shape", "NPU Requires_grad",
                                             "Bench Requires_grad", "NPU MD5", "BENCH MD5",
                                             "Requires_grad Consistent", "Result", "NPU_Stack_Info", "state",
                                             "api_origin_name"};
    const std::string api = "Functional.conv2d.0.forward";
    auto row = [&](const char* name, const char* npu, const char* bench, const char* result, const char* state) {
        return std::vector<Cell>{Cell(name), Cell(name), Cell("torch.float32"), Cell("torch.float32"), Cell("[1]"),
                                 Cell("[1]"), Cell("False"), Cell("False"), Cell(npu), Cell(bench),
                                 Cell::boolean(true), Cell(result), Cell("N/A"), Cell(state), Cell(api)};
    };
    const auto config = DiffCheckConfig::builtin();
    const auto pass =
        table_of(header, api, {{dump::RowState::Input, row("x.input.0", "2144df1c", "2144df1c", "pass", "input")}},
                 compare::CompareMode::Md5);
    CHECK(first_diff::check_apis(pass, config, "t")[0].is_same);
    const auto different = table_of(
        header, api, {{dump::RowState::Output, row("x.output.0", "2144df1c", "2100df1c", "Different", "output")}},
        compare::CompareMode::Md5);
    CHECK_FALSE(first_diff::check_apis(different, config, "t")[0].is_same);
}

TEST_CASE("API short names are the third-from-last segment", "[first_diff]") {
    CHECK(first_diff::api_short_name("Functional.conv2d.0.forward") == "conv2d");
    CHECK(first_diff::api_short_name("NPU.npu_fusion_attention.0.forward") == "npu_fusion_attention");
    CHECK(first_diff::api_short_name("Cell.a.b.Dense.forward.0") == "Dense");
}

TEST_CASE("the built-in thresholds and ignore list are msprobe's shipped files", "[first_diff][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto config = DiffCheckConfig::builtin();
    const std::string thresholds =
        msprobe::testing::read_file_text(*fixtures / "reference_samples/diff_analyze_threshold.yaml");
    std::string expected = "compare_metrics:\n";
    for (const auto& m : config.compare_metrics) expected += "  - " + m + "\n";
    expected += "\n";
    for (const auto& m : config.compare_metrics) {
        REQUIRE(config.thresholds.at(m).size() == 1);
        CHECK(config.thresholds.at(m)[0] == 0.5);
        expected += m + ":\n  - 0.5\n";
    }
    CHECK(thresholds.rfind(expected.substr(0, expected.size() - 1), 0) == 0);
    const std::string ignored = msprobe::testing::read_file_text(*fixtures / "reference_samples/ignore_op_list.yaml");
    CHECK(ignored.rfind("npu_fusion_attention:\n  - 4\n  - 5", 0) == 0);
    CHECK(config.ignored_outputs.at("npu_fusion_attention") == std::vector<std::size_t>{4, 5});
}
