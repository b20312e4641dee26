// The statistics-based detector: value test vectors, msprobe's detector test
// cases, the §4.2 and §5.4 worked examples (overflow_check.md).
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "dump/entry_view.hpp"
#include "overflow/anomalous_value.hpp"
#include "overflow/entry_anomalies.hpp"
#include "overflow/overflow_report.hpp"
#include "overflow/overflow_scan.hpp"
#include "support/overflow_sample_dumps.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::overflow;
using namespace msprobe::testing;

namespace {

rapidjson::Document parse(const std::string& text) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag>(text.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    return doc;
}

DumpScan scan_text(const std::string& name, const std::string& text, const ScanOptions& options = {}) {
    const fs::path file = scratch_dir("overflow_" + name) / "dump.json";
    write_file(file, text);
    return scan_dump({file, "", ""}, options);
}

const ScannedEntry* find(const DumpScan& scan, const std::string& api) {
    for (const auto& e : scan.reported) {
        if (e.api == api) return &e;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("value test: msprobe's vectors and the recommended extensions", "[overflow]") {
    const auto anomalous = [](const char* json) { return anomalous_value_text(parse(json)).has_value(); };
    // msprobe's tests: {Max:'NaN'}, {Max:'Inf'}, {Max:'nan'}, {Max:'inf'} are anomalies.
    CHECK(anomalous(R"("NaN")"));
    CHECK(anomalous(R"("Inf")"));
    CHECK(anomalous(R"("nan")"));
    CHECK(anomalous(R"("inf")"));
    CHECK(anomalous(R"("-inf")"));
    // Numeric tokens Python's json writes, the tab variants, and "Infinity" (recommendation §4.1).
    CHECK(anomalous("NaN"));
    CHECK(anomalous("Infinity"));
    CHECK(anomalous("-Infinity"));
    CHECK(anomalous(R"("nan\t")"));
    CHECK(anomalous(R"("-inf\t")"));
    CHECK(anomalous(R"("Infinity")"));
    CHECK(anomalous(R"("-INFINITY")"));
    CHECK_FALSE(anomalous("10"));
    CHECK_FALSE(anomalous("1e308"));
    CHECK_FALSE(anomalous(R"("string")"));
    CHECK_FALSE(anomalous("true"));
    CHECK_FALSE(anomalous("null"));
    CHECK(anomalous_value_text(parse("-Infinity")) == "-inf");
    CHECK(anomalous_value_text(parse(R"("NaN")")) == "nan");
}

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

TEST_CASE("direction of entry names", "[overflow]") {
    CHECK(msprobe::dump::entry_direction("Functional.linear.12.forward") == "forward");
    CHECK(msprobe::dump::entry_direction("Torch.mul.0.backward") == "backward");
    CHECK(msprobe::dump::entry_direction("Module.blocks.3.fc1.Linear.forward.0") == "forward");
    CHECK(msprobe::dump::entry_direction("Module.blocks.3.fc1.Linear.parameters_grad.0") == "backward");
    CHECK(msprobe::dump::entry_direction("weird") == "");
}

TEST_CASE("msprobe's detector test cases", "[overflow]") {
    const std::string text = dump_text(
        forward_entry("Torch.add.0.forward", t("1", "0"), t("NaN", "-Infinity")) + ", " +
        forward_entry("Torch.mul.0.forward", t("Infinity", "0"), t("Infinity", "0")) + ", " +
        forward_entry("Torch.div.0.forward", t("Infinity", "0"), t("1", "0")) + ", " +
        forward_entry("Torch.matmul.0.forward", t("1", "0", "0.5", "10"), t("1", "0", "0.5", "1e10")) + ", " +
        forward_entry("Torch.empty.0.forward", t("1", "0"), t("Infinity", "NaN")) + ", " +
        forward_entry("Torch.relu.0.forward", t("1", "0"), t("1", "0")));
    const DumpScan scan = scan_text("detector", text);
    REQUIRE(scan.reported.size() == 4);
    CHECK(scan.reported[0].api == "Torch.add.0.forward");
    CHECK(scan.reported[0].overflow_class == OverflowClass::Origin);
    CHECK(level_name(scan.reported[0].overflow_class) == "critical");
    CHECK(scan.reported[1].overflow_class == OverflowClass::Propagated);
    CHECK(level_name(scan.reported[1].overflow_class) == "high");
    CHECK(scan.reported[2].overflow_class == OverflowClass::Absorbed);
    CHECK(level_name(scan.reported[2].overflow_class) == "medium");
    CHECK(scan.reported[3].api == "Torch.matmul.0.forward");
    CHECK(scan.reported[3].overflow_class == OverflowClass::Mutation);
    CHECK(level_name(scan.reported[3].overflow_class) == "high");
    CHECK(scan.filtered == 1);  // Torch.empty
    CHECK(find(scan, "Torch.relu.0.forward") == nullptr);

    ScanOptions no_rules;
    no_rules.rules = IgnoreRules::none();
    const DumpScan unfiltered = scan_text("detector_no_rules", text, no_rules);
    REQUIRE(find(unfiltered, "Torch.empty.0.forward") != nullptr);
    CHECK(find(unfiltered, "Torch.empty.0.forward")->overflow_class == OverflowClass::Origin);
    CHECK(unfiltered.filtered == 0);

    ScanOptions no_mutation;
    no_mutation.mutation_threshold = 0;
    CHECK(find(scan_text("detector_no_mutation", text, no_mutation), "Torch.matmul.0.forward") == nullptr);
}

TEST_CASE("spec 4.2 worked example of the anomaly detector", "[overflow]") {
    const std::string text = dump_text(
        forward_entry("Torch.matmul.0.forward", t("3", "-3", "0.1", "10") + ", " + t("200", "-200", "1", "900"),
                      t("Infinity", "-Infinity", "NaN", "Infinity")) +
        ", " +
        forward_entry("Tensor.__add__.0.forward", t("Infinity", "-Infinity", "NaN", "Infinity") + ", " + py_float(1.0),
                      t("Infinity", "-Infinity", "NaN", "Infinity")) +
        ", " + forward_entry("Torch.empty_like.0.forward", t("1", "0"), t("NaN", "NaN", "NaN", "NaN")) + ", " +
        forward_entry("Torch.isfinite.0.forward", t("Infinity", "-Infinity", "NaN", "Infinity"), bool_tensor()) +
        ", " + forward_entry("Torch.exp.0.forward", t("2", "-2", "0", "2"), t("7.4", "0.13", "2", "400")));
    const DumpScan scan = scan_text("worked_42", text);
    REQUIRE(scan.reported.size() == 4);
    const auto& matmul = scan.reported[0];
    CHECK(matmul.overflow_class == OverflowClass::Origin);
    REQUIRE(matmul.anomalies.outputs.size() == 1);
    CHECK(matmul.anomalies.outputs[0].top_index == 0);
    CHECK(anomalies_text(matmul.anomalies.outputs) == "output[0] Max=inf,Min=-inf,Mean=nan");
    const auto& add = scan.reported[1];
    CHECK(add.overflow_class == OverflowClass::Propagated);
    REQUIRE(add.anomalies.inputs.size() == 1);
    CHECK(add.anomalies.inputs[0].top_index == 0);
    CHECK(scan.reported[2].api == "Torch.isfinite.0.forward");
    CHECK(scan.reported[2].overflow_class == OverflowClass::Absorbed);
    const auto& exp = scan.reported[3];
    CHECK(exp.overflow_class == OverflowClass::Mutation);
    REQUIRE(exp.mutation);
    CHECK(exp.mutation->input_norm == 2);
    CHECK(exp.mutation->output_norm == 400);
    CHECK(scan.filtered == 1);
    CHECK(scan.count(OverflowClass::Origin) == 1);
    CHECK(scan.count(OverflowClass::Mutation) == 1);
}

TEST_CASE("spec 5.4 worked example of the standalone subcommand", "[overflow]") {
    const DumpScan scan = scan_text("worked_54", worked_example_dump());
    CHECK(scan.entries == 5);
    REQUIRE(scan.reported.size() == 4);
    CHECK(scan.reported[0].seq == 0);
    CHECK(scan.reported[0].api == "Torch.mul.0.forward");
    CHECK(scan.reported[0].overflow_class == OverflowClass::Origin);
    CHECK(scan.reported[1].seq == 1);
    CHECK(scan.reported[1].overflow_class == OverflowClass::Propagated);
    CHECK(scan.reported[2].seq == 3);
    CHECK(scan.reported[2].api == "Torch.isfinite.0.forward");
    CHECK(scan.reported[2].overflow_class == OverflowClass::Absorbed);
    CHECK(scan.reported[3].seq == 4);
    CHECK(scan.reported[3].api == "Torch.mul.0.backward");
    CHECK(scan.reported[3].direction == "backward");
    CHECK(scan.reported[3].overflow_class == OverflowClass::Origin);
    CHECK(anomalies_text(scan.reported[3].anomalies.outputs) == "output[0] Max=nan,Min=nan; output[1] Max=nan,Min=nan");
    CHECK(scan.filtered == 1);
    REQUIRE(scan.first_overflow() != nullptr);
    CHECK(scan.first_overflow()->api == "Torch.mul.0.forward");

    const std::string text = text_block(scan, false);
    CHECK(text.find("first overflow: #0000 Torch.mul.0.forward  [origin]") != std::string::npos);
    CHECK(text.find(" 0001  propagated  Tensor.__add__.0.forward") != std::string::npos);
    CHECK(text.find(" 0003  absorbed    Torch.isfinite.0.forward") != std::string::npos);
    CHECK(text.find(" 0004  origin      Torch.mul.0.backward") != std::string::npos);
    CHECK(text.find("summary: origin=2 propagated=1 absorbed=1 mutation=0 filtered=1") != std::string::npos);

    ScanOptions forward_only;
    forward_only.direction = DirectionFilter::Forward;
    CHECK(scan_text("worked_54_forward", worked_example_dump(), forward_only).reported.size() == 3);
    ScanOptions backward_only;
    backward_only.direction = DirectionFilter::Backward;
    CHECK(scan_text("worked_54_backward", worked_example_dump(), backward_only).reported.size() == 1);
}

TEST_CASE("no origin: the first propagated entry is the first overflow, flagged", "[overflow]") {
    const DumpScan scan = scan_text(
        "no_origin", dump_text(forward_entry("Torch.add.0.forward", t("Infinity", "0"), t("Infinity", "0")) + ", " +
                               forward_entry("Torch.sum.0.forward", t("Infinity", "0"), t("1", "1"))));
    REQUIRE(scan.first_overflow() != nullptr);
    CHECK(scan.first_overflow()->api == "Torch.add.0.forward");
    CHECK(text_block(scan, false).find("(no origin") != std::string::npos);
    CHECK(text_block(scan, true).find("Torch.sum.0.forward") == std::string::npos);
}

TEST_CASE("module scope and saturation", "[overflow]") {
    const std::string text = dump_text(
        forward_entry("Module.fc1.Linear.forward.0", t("1", "0"), t("Infinity", "0")) + ", " +
        forward_entry("Torch.mul.0.forward", t("300", "300"), t("65504", "-65504")));
    CHECK(scan_text("scope_api", text).reported.empty());
    ScanOptions modules;
    modules.scope = Scope::Module;
    REQUIRE(scan_text("scope_module", text, modules).reported.size() == 1);
    ScanOptions all;
    all.scope = Scope::All;
    all.saturation = true;
    const DumpScan both = scan_text("scope_all", text, all);
    REQUIRE(both.reported.size() == 2);
    CHECK(both.reported[1].overflow_class == OverflowClass::Origin);
    CHECK(anomalies_text(both.reported[1].anomalies.outputs) == "output[0] Max=65504,Min=-65504");
}

TEST_CASE("bad dump files are input errors naming the file", "[overflow]") {
    CHECK_THROWS_AS(scan_text("bad_json", "{\"task\": "), msprobe::Error);
    CHECK_THROWS_WITH(scan_text("no_task", R"({"data": {}})"), Catch::Contains("'task'"));
    CHECK_THROWS_WITH(scan_text("no_data", R"({"task": "statistics"})"), Catch::Contains("'data' is missing"));
    CHECK_THROWS_WITH(scan_text("data_list", R"({"task": "statistics", "data": []})"),
                      Catch::Contains("'data' is not a JSON object"));
}
