// The per-entry anomaly test: which records of one dump.json entry hold an
// inf/NaN statistic, where they sit, and what a caller's extra check adds.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <string>
#include <utility>
#include <vector>

#include "overflow/entry_anomalies.hpp"

using namespace msprobe::overflow;

namespace {

rapidjson::Document parse(const std::string& text) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag>(text.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    return doc;
}

}  // namespace

TEST_CASE("record test: only a dict's own Max/Min/Mean count", "[overflow]") {
    const AnomalyTest test;
    CHECK(record_anomalies(parse(R"({"Max": 10, "Min": 1, "Mean": 5, "Norm": 7})"), test).empty());
    CHECK(record_anomalies(parse(R"({"Max": 1, "Min": 1, "Mean": 1, "Norm": NaN})"), test).empty());
    for (const char* value : {"42", R"("string")", "null", "[1, 2, 3]"}) {
        INFO(value);
        CHECK(record_anomalies(parse(value), test).empty());
    }
    const auto found = record_anomalies(parse(R"({"Max": Infinity, "Min": -Infinity, "Mean": NaN})"), test);
    REQUIRE(found.size() == 3);
    CHECK(found[0].statistic == "Max");
    CHECK(found[0].value == "inf");
    CHECK(found[1].value == "-inf");
    CHECK(found[2].statistic == "Mean");
    AnomalyTest max_min_only;
    max_min_only.include_mean = false;
    CHECK(record_anomalies(parse(R"({"Max": 1, "Min": 0, "Mean": NaN})"), max_min_only).empty());
}

TEST_CASE("entry test: nested records get their own paths", "[overflow]") {
    const auto entry = parse(R"({
      "input_args": [{"type": "torch.Tensor", "Max": 1, "Min": 0},
                     [{"type": "torch.Tensor", "Max": 1, "Min": 0}, {"type": "torch.Tensor", "Max": "inf", "Min": 0}],
                     {"type": "torch.distributed.P2POp", "tensor": {"type": "torch.Tensor", "Max": NaN, "Min": NaN}}],
      "input_kwargs": {"weight": {"type": "torch.Tensor", "Max": 1, "Min": -Infinity}},
      "output": [[{"type": "torch.Tensor", "Max": 1, "Min": 1}, {"type": "torch.Tensor", "Max": Infinity, "Min": 1}]]})");
    const EntryAnomalies nested = find_entry_anomalies(entry);
    REQUIRE(nested.inputs.size() == 3);
    CHECK(nested.inputs[0].path == "input_args[1][1]");
    CHECK_FALSE(nested.inputs[0].top_level);
    CHECK(nested.inputs[1].path == "input_args[2].tensor");
    CHECK(nested.inputs[2].path == "input_kwargs.weight");
    CHECK(nested.inputs[2].top_level);
    CHECK(nested.inputs[2].top_key == "weight");
    REQUIRE(nested.outputs.size() == 1);
    CHECK(nested.outputs[0].path == "output[0][1]");

    AnomalyTest top_level_only;  // the cross-rank analysis' test: top-level dict records, Max and Min
    top_level_only.nested = false;
    top_level_only.include_mean = false;
    const EntryAnomalies flat = find_entry_anomalies(entry, top_level_only);
    REQUIRE(flat.inputs.size() == 1);
    CHECK(flat.inputs[0].path == "input_kwargs.weight");
    CHECK(flat.outputs.empty());
}


TEST_CASE("visit_records: every record in section order, a parameters_grad entry's members as outputs", "[overflow]") {
    const auto entry = parse(R"({
      "output": [{"type": "torch.Tensor", "Max": 1}],
      "parameters": {"weight": {"type": "torch.Tensor", "Max": 2}},
      "input_args": [{"type": "torch.Tensor", "Max": 3}, 7, [{"type": "torch.Tensor", "Max": 4}]],
      "input": [{"type": "torch.Tensor", "Max": 5}]})");
    std::vector<std::pair<std::string, bool>> seen;
    visit_records(entry, true, [&](const RecordSite& site, msprobe::dump::JsonView) {
        seen.emplace_back(site.path, is_input(site.section));
    });
    CHECK(seen == std::vector<std::pair<std::string, bool>>{{"input_args[0]", true},
                                                            {"input_args[2][0]", true},
                                                            {"input[0]", true},
                                                            {"parameters.weight", true},
                                                            {"output[0]", false}});
    seen.clear();
    visit_records(entry, false, [&](const RecordSite& site, msprobe::dump::JsonView) {
        seen.emplace_back(site.path, is_input(site.section));
    });
    CHECK(seen.size() == 4);  // the list inside input_args is not walked

    const auto grads =
        parse(R"({"weight": {"type": "torch.Tensor", "Max": NaN}, "bias": {"type": "torch.Tensor", "Max": 0}})");
    std::vector<RecordSite> sites;
    visit_records(grads, true, [&](const RecordSite& site, msprobe::dump::JsonView) { sites.push_back(site); });
    REQUIRE(sites.size() == 2);
    CHECK(sites[0].path == "weight");
    CHECK(sites[0].top_key == "weight");
    CHECK(sites[0].section == Section::Output);
    const EntryAnomalies found = find_entry_anomalies(grads);
    CHECK_FALSE(found.input_bad());
    REQUIRE(found.outputs.size() == 1);
    CHECK(found.outputs[0].path == "weight");
}

TEST_CASE("an anomalous record carries its dtype, shape and tensor file, saturation on request", "[overflow]") {
    const auto entry = parse(R"({
      "input_args": [{"type": "torch.Tensor", "dtype": "torch.float16", "shape": [2, 3], "Max": 65504, "Min": -1,
                      "Mean": 65504, "data_name": "Torch.mul.0.forward.input.0.pt"}],
      "output": [{"type": "torch.Tensor", "dtype": "torch.float16", "shape": [4], "Max": "inf", "Min": 0}]})");
    const EntryAnomalies plain = find_entry_anomalies(entry);
    CHECK_FALSE(plain.input_bad());
    REQUIRE(plain.output_bad());
    CHECK(plain.outputs[0].dtype == "torch.float16");
    CHECK(plain.outputs[0].shape == std::vector<std::int64_t>{4});
    CHECK(plain.outputs[0].top_index == 0);

    AnomalyTest saturation;
    saturation.saturation = true;
    const EntryAnomalies saturated = find_entry_anomalies(entry, saturation);
    REQUIRE(saturated.inputs.size() == 1);
    CHECK(saturated.inputs[0].data_name == "Torch.mul.0.forward.input.0.pt");
    CHECK(saturated.inputs[0].shape == std::vector<std::int64_t>{2, 3});
    REQUIRE(saturated.inputs[0].statistics.size() == 1);  // Mean is never a saturation
    CHECK(saturated.inputs[0].statistics[0].statistic == "Max");
    CHECK(saturated.inputs[0].statistics[0].value == "65504");
}

TEST_CASE("an extra check adds statistics the record does not already report", "[overflow]") {
    const auto entry = parse(R"({
      "input_args": [{"type": "torch.Tensor", "Max": 1, "Min": 0}],
      "output": [{"type": "torch.Tensor", "Max": NaN, "Min": 0}]})");
    int calls = 0;
    const EntryAnomalies found = find_entry_anomalies(entry, {}, [&](msprobe::dump::JsonView) {
        ++calls;
        return std::vector<StatAnomaly>{{"Max", "inf", true}, {"Min", "-inf", true}};
    });
    CHECK(calls == 2);
    REQUIRE(found.inputs.size() == 1);
    REQUIRE(found.inputs[0].statistics.size() == 2);
    CHECK(found.inputs[0].statistics[0].from_tensor_file);
    REQUIRE(found.outputs.size() == 1);
    REQUIRE(found.outputs[0].statistics.size() == 2);
    CHECK(found.outputs[0].statistics[0].value == "nan");  // the recorded Max stays
    CHECK_FALSE(found.outputs[0].statistics[0].from_tensor_file);
    CHECK(found.outputs[0].statistics[1].value == "-inf");
}
