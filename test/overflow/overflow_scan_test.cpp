// The statistics-based detector: msprobe's detector test cases, the §4.2 and
// §5.4 worked examples (overflow_check.md).
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "overflow/overflow_report.hpp"
#include "overflow/overflow_scan.hpp"
#include "support/overflow_sample_dumps.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::overflow;
using namespace msprobe::testing;

namespace {

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
