// parse on the project's own generated dumps (msprobe-dumpgen): the printed
// statistics are the dump's, and the located largest errors of a perturbed
// tensor pair are where a brute-force search finds them.
#include <catch2/catch.hpp>

#include <cmath>

#include <nlohmann/json.hpp>

#include "common/python_text.hpp"
#include "dump/dump_file.hpp"
#include "metrics/format_value.hpp"
#include "parse/dump_entry_report.hpp"
#include "parse/tensor_diff.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"

using namespace msprobe;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("generated tensor dump: entry statistics and the perturbed weight's largest error", "[parse]") {
    testing::DumpPairOptions options;
    options.out = testing::scratch_dir("parse_generated");
    options.apis = 40;
    options.task = testing::DumpTask::Tensor;
    options.seed = 7;
    const auto pair = testing::generate_dump_pair(options);
    const std::string site = pair.sites.first_perturbed;
    REQUIRE_FALSE(site.empty());
    const auto npu_dump = pair.npu_rank_dirs.at(0) / "dump.json";
    const auto bench_dump = pair.bench_rank_dirs.at(0) / "dump.json";

    // The entry text carries the rows' statistics exactly as lib/dump reads them.
    parse::EntryReportOptions report_options;
    report_options.file = npu_dump;
    report_options.query.text = site;
    const auto report = parse::report_entries(report_options);
    REQUIRE(report.found);
    const dump::DumpFile npu = dump::read_dump_file(npu_dump);
    const dump::DumpRow* weight = nullptr;
    for (const auto& row : npu.rows) {
        if (row.name == site + ".input.2") weight = &row;  // layer_norm(x, shape, weight, bias, eps)
    }
    REQUIRE(weight != nullptr);
    REQUIRE(weight->stats[0].kind == dump::StatValue::Kind::Number);
    CHECK(contains(report.output, "  input_args[2]   torch.Tensor  " + weight->dtype + "  " + weight->shape +
                                      "  max=" + py::float_repr(weight->stats[0].number) +
                                      " min=" + py::float_repr(weight->stats[1].number) +
                                      " mean=" + py::float_repr(weight->stats[2].number) +
                                      " norm=" + py::float_repr(weight->stats[3].number)));

    // The weight tensors of both sides: the located maxima are the brute-force maxima.
    const auto npu_file = npu.tensor_dir() / weight->data_name();
    const auto bench_file = bench_dump.parent_path() / "dump_tensor_data" / weight->data_name();
    const auto l = tensor::read_tensor_file(npu_file);
    const auto r = tensor::read_tensor_file(bench_file);
    const auto lv = tensor::to_double_vector(l);
    const auto rv = tensor::to_double_vector(r);
    const parse::TensorDiff d = parse::diff_tensors(l, lv, r, rv, {});
    REQUIRE(d.max_abs_location);
    std::size_t argmax = 0;
    for (std::size_t i = 1; i < lv.size(); ++i) {
        if (std::fabs(lv[i] - rv[i]) > std::fabs(lv[argmax] - rv[argmax])) argmax = i;
    }
    CHECK(d.max_abs_location->flat == static_cast<std::int64_t>(argmax));
    CHECK(d.max_abs_location->error == std::fabs(lv[argmax] - rv[argmax]));
    CHECK(d.kernel.max_abs_err.value == metrics::format_value(d.max_abs_location->error));
    CHECK_FALSE(d.allclose);
    CHECK(d.max_abs_location->index.size() == l.shape.size());
}

TEST_CASE("generated statistics dump: an infinite statistic in text and in standard JSON", "[parse]") {
    testing::DumpPairOptions options;
    options.out = testing::scratch_dir("parse_generated_inf");
    options.apis = 200;
    options.seed = 3;
    const auto pair = testing::generate_dump_pair(options);
    const std::string site = pair.sites.inf_statistic;
    REQUIRE_FALSE(site.empty());
    parse::EntryReportOptions report_options;
    report_options.file = pair.npu_rank_dirs.at(0) / "dump.json";
    report_options.query = {site, false, true};
    report_options.stats_only = true;
    const auto text = parse::report_entries(report_options);
    REQUIRE(text.found);
    CHECK(contains(text.output, "  output[0]       torch.Tensor  torch."));
    CHECK(contains(text.output, "  max=inf min="));

    report_options.json = true;
    const auto json = nlohmann::json::parse(parse::report_entries(report_options).output);
    CHECK(json["api"] == site);
    CHECK(json["entry"]["output"][0]["Max"] == "inf");
    CHECK(json["entry"]["output"][0]["Min"].is_number());
}
