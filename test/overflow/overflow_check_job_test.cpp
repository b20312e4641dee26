// Generated multi-rank dumps with one planted overflow: the planted API is the
// origin, the APIs that carried it follow in order, per rank; tensor dumps are
// checked from their files too; msprobe's nan_analyze sample trees per rank.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "common/error.hpp"
#include "overflow/overflow_check_job.hpp"
#include "overflow/overflow_report.hpp"
#include "overflow/overflow_scan.hpp"
#include "support/file_text.hpp"
#include "support/overflow_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "support/overflow_sample_dumps.hpp"

namespace fs = std::filesystem;
using namespace msprobe::overflow;
using namespace msprobe::testing;

namespace {

std::vector<std::string> names_of(const DumpScan& scan, OverflowClass wanted) {
    std::vector<std::string> names;
    for (const auto& e : scan.reported) {
        if (e.overflow_class == wanted) names.push_back(e.api);
    }
    return names;
}

std::vector<DumpScan> scan_all(const fs::path& input, const ScanOptions& scan = {}) {
    OverflowCheckOptions options;
    options.input = input;
    options.scan = scan;
    msprobe::ThreadPool pool(2);
    return run_overflow_check(options, pool).scans;
}

void check_against_expectations(const std::vector<DumpScan>& scans, const PlantedOverflow& planted, int planted_rank) {
    REQUIRE(scans.size() == planted.expected.size());
    for (std::size_t rank = 0; rank < scans.size(); ++rank) {
        INFO("rank " << rank);
        const DumpScan& scan = scans[rank];
        const ExpectedOverflow& expected = planted.expected[rank];
        CHECK(scan.location.rank == "rank_" + std::to_string(rank));
        if (static_cast<int>(rank) != planted_rank) {
            CHECK(expected.origin.empty());
            CHECK(scan.reported.empty());
            continue;
        }
        REQUIRE_FALSE(scan.reported.empty());
        CHECK(scan.reported.front().api == planted.planted);
        CHECK(scan.reported.front().overflow_class == OverflowClass::Origin);
        CHECK(names_of(scan, OverflowClass::Origin) == std::vector<std::string>{planted.planted});
        CHECK(names_of(scan, OverflowClass::Propagated) == expected.propagated);
        CHECK(names_of(scan, OverflowClass::Absorbed) == expected.absorbed);
        REQUIRE(scan.first_overflow() != nullptr);
        CHECK(scan.first_overflow()->api == planted.planted);
        CHECK_FALSE(scan.reported.front().stack.empty());  // from the rank's stack.json
        for (std::size_t i = 1; i < scan.reported.size(); ++i) CHECK(scan.reported[i - 1].seq < scan.reported[i].seq);
    }
}

}  // namespace

TEST_CASE("an inf planted at one rank: origin, then propagation, then absorption by clamp", "[overflow]") {
    OverflowDumpOptions options;
    options.out = scratch_dir("overflow_planted_inf");
    options.ranks = 4;
    options.planted_rank = 2;
    const PlantedOverflow planted = generate_overflow_dump(options);
    REQUIRE(planted.planted.rfind("Functional.linear.", 0) == 0);
    const ExpectedOverflow& expected = planted.expected[2];
    CHECK(expected.origin == planted.planted);
    // The model's dropout and residual add carry the inf on; clamp turns it into 4.0.
    REQUIRE(expected.propagated.size() == 2);
    CHECK(expected.propagated[0].rfind("Functional.dropout.", 0) == 0);
    CHECK(expected.propagated[1].rfind("Tensor.__add__.", 0) == 0);
    REQUIRE(expected.absorbed.size() == 1);
    CHECK(expected.absorbed[0].rfind("Torch.clamp.", 0) == 0);

    check_against_expectations(scan_all(planted.step_dir), planted, 2);
    for (const auto& scan : scan_all(planted.clean_step_dir)) CHECK(scan.reported.empty());
}

TEST_CASE("a NaN planted at one rank propagates to the end of the forward pass", "[overflow]") {
    OverflowDumpOptions options;
    options.out = scratch_dir("overflow_planted_nan");
    options.ranks = 3;
    options.planted_rank = 0;
    options.planted_at = 0.3;
    options.planted_value = std::numeric_limits<float>::quiet_NaN();
    const PlantedOverflow planted = generate_overflow_dump(options);
    CHECK(planted.expected[0].propagated.size() > 5);
    check_against_expectations(scan_all(planted.step_dir), planted, 0);
}

TEST_CASE("tensor dumps are checked from their tensor files", "[overflow]") {
    OverflowDumpOptions options;
    options.out = scratch_dir("overflow_planted_tensor");
    options.ranks = 2;
    options.planted_rank = 1;
    options.task = msprobe::testing::DumpTask::Tensor;
    const PlantedOverflow planted = generate_overflow_dump(options);
    check_against_expectations(scan_all(planted.step_dir), planted, 1);

    // Hide the overflow from the statistics: only the .pt files still hold it.
    for (const auto& rank_dir : planted.rank_dirs) {
        std::string text = read_file_text(rank_dir / "dump.json");
        for (const std::string token : {"-Infinity", "Infinity", "NaN"}) {
            for (auto at = text.find(token); at != std::string::npos; at = text.find(token, at))
                text.replace(at, token.size(), "1.0");
        }
        write_file(rank_dir / "dump.json", text);
    }
    const auto from_files = scan_all(planted.step_dir);
    check_against_expectations(from_files, planted, 1);
    const auto& origin = from_files[1].reported.front();
    REQUIRE(origin.anomalies.outputs.size() == 1);
    CHECK(origin.anomalies.outputs[0].statistics.front().from_tensor_file);
    CHECK(origin.anomalies.outputs[0].data_name == planted.planted + ".output.0.pt");

    ScanOptions statistics_only;
    statistics_only.read_tensor_files = false;
    for (const auto& scan : scan_all(planted.step_dir, statistics_only)) CHECK(scan.reported.empty());

    // A tensor file that is there but unreadable is an input error.
    write_file(planted.rank_dirs[0] / "dump_tensor_data" / (planted.planted + ".output.0.pt"), "not a tensor");
    CHECK_THROWS_AS(scan_all(planted.step_dir), msprobe::Error);
}

TEST_CASE("msprobe's nan_analyze sample trees, rank by rank", "[overflow][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path samples = *fixtures / "reference_samples/nan_analyze";
    const auto first_of = [](const DumpScan& scan) {
        const auto* first = scan.first_overflow();
        return first ? first->api + " " + std::string(class_name(first->overflow_class)) : std::string("none");
    };

    const auto normal = scan_all(samples / "normal/step0");
    REQUIRE(normal.size() == 4);
    for (const auto& scan : normal) CHECK(scan.reported.empty());

    // "rank" is rank 0 and sorts first; nan_analyze's answers are each rank's first origin here.
    const auto pre = scan_all(samples / "pre_anomaly/step0");
    REQUIRE(pre.size() == 4);
    CHECK(pre[0].location.rank == "rank_0");
    CHECK(pre[0].location.dump_json.parent_path().filename() == "rank");
    CHECK(first_of(pre[0]) == "Torch.operator.0.forward origin");
    CHECK(first_of(pre[1]) == "Torch.operator.0.forward origin");
    CHECK(first_of(pre[2]) == "none");

    const auto after = scan_all(samples / "after_anomaly/step0");
    CHECK(first_of(after[0]) == "none");
    CHECK(first_of(after[1]) == "none");
    CHECK(first_of(after[2]) == "Torch.operator.6.forward origin");
    CHECK(first_of(after[3]) == "Torch.operator.6.forward origin");

    const auto anomaly = scan_all(samples / "anomaly/step0");
    CHECK(first_of(anomaly[0]) == "Torch.operator.5.forward origin");
}

TEST_CASE("an overflow_check task dump: flagged entries only, their tensors read too", "[overflow]") {
    // msprobe's task "overflow_check" (spec 1.3): only flagged entries, each tensor saved. In saturation
    // mode the statistics can look finite; the saved tensor still shows the overflow.
    const fs::path rank_dir = scratch_dir("overflow_task_dump") / "step0" / "rank0";
    const std::string entry =
        R"("Torch.mul.0.forward": {"input_args": [)" + t("300", "300") + ", " + t("300", "300") +
        R"(], "input_kwargs": {}, "output": [{"type": "torch.Tensor", "dtype": "torch.float32", )"
        R"("shape": [2], "Max": 1.0, "Min": 1.0, "Mean": 1.0, "Norm": 1.4, "requires_grad": false, )"
        R"("data_name": "Torch.mul.0.forward.output.0.pt"}]})";
    write_file(rank_dir / "dump.json", dump_text(entry, "overflow_check"));
    SyntheticTensor overflowed;
    overflowed.shape = {2};
    overflowed.values = {1.0f, -std::numeric_limits<float>::infinity()};
    fs::create_directories(rank_dir / "dump_tensor_data");
    write_pt_tensor_file(rank_dir / "dump_tensor_data" / "Torch.mul.0.forward.output.0.pt", overflowed);

    const auto scans = scan_all(rank_dir);
    REQUIRE(scans.size() == 1);
    CHECK(scans[0].task == "overflow_check");
    CHECK(scans[0].location.rank == "rank_0");
    CHECK(scans[0].tensor_files_read == 1);
    msprobe::Progress files_counted("Reading tensor files", 1, false, "files");  // the scan counts each file read
    CHECK(msprobe::overflow::scan_dump(scans[0].location, {}, nullptr, &files_counted).tensor_files_read == 1);
    CHECK(files_counted.done() == 1);
    REQUIRE(scans[0].reported.size() == 1);
    const auto& entry_found = scans[0].reported[0];
    CHECK(entry_found.overflow_class == OverflowClass::Origin);
    REQUIRE(entry_found.anomalies.outputs.size() == 1);
    const auto& statistics = entry_found.anomalies.outputs[0].statistics;
    REQUIRE(statistics.size() == 2);
    CHECK(statistics[0].statistic == "Min");
    CHECK(statistics[0].value == "-inf");
    CHECK(statistics[0].from_tensor_file);
    CHECK(statistics[1].statistic == "Mean");
    CHECK(statistics[1].value == "-inf");
}

TEST_CASE("a dump root: every step and rank in numeric order, keyed step/rank", "[overflow]") {
    const fs::path root = scratch_dir("overflow_root");
    const std::string clean = dump_text(forward_entry("Torch.relu.0.forward", t("1", "0"), t("1", "0")));
    write_file(root / "step10/rank/dump.json", worked_example_dump());
    write_file(root / "step2/rank1/dump.json", worked_example_dump());
    write_file(root / "step2/rank0/dump.json", clean);
    fs::create_directories(root / "notastep/rank0");
    const auto scans = scan_all(root);
    REQUIRE(scans.size() == 3);
    CHECK(scans[0].location.step == "step2");
    CHECK(scans[0].location.rank == "rank_0");
    CHECK(scans[1].location.rank == "rank_1");
    CHECK(scans[2].location.step == "step10");
    CHECK(scans[2].location.rank == "rank_0");
    const auto report = report_json(scans, false);
    std::vector<std::string> keys;
    for (const auto& item : report.items()) keys.push_back(item.key());
    CHECK(keys == std::vector<std::string>{"step2/rank_0", "step2/rank_1", "step10/rank_0", "global_first"});
    CHECK(report["global_first"]["step"] == "step2");
    CHECK(report["global_first"]["rank"] == "rank_1");
    CHECK(report["global_first"]["api"] == "Torch.mul.0.forward");
    const auto table = report_table(scans, true);
    CHECK(table.header.front() == "Step");
    REQUIRE(table.rows.size() == 2);  // --first-only: one row per dump with an overflow
    CHECK(table.rows[0][0].text() == "step2");
    CHECK(table.rows[1][0].text() == "step10");
}

TEST_CASE("which report files are written: none for text alone, both with -o, one for --format", "[overflow]") {
    const fs::path root = scratch_dir("overflow_job_files");
    write_file(root / "step0/rank0/dump.json", worked_example_dump());
    write_file(root / "step0/rank1/dump.json",
               dump_text(forward_entry("Torch.relu.0.forward", t("1", "0"), t("1", "0"))));
    msprobe::ThreadPool pool(1);
    OverflowCheckOptions options;
    options.input = root / "step0";

    const OverflowCheckResult text_only = run_overflow_check(options, pool);
    CHECK(text_only.written.empty());
    CHECK(text_only.overflow_found());
    CHECK(text_only.text.find("overall: 2 dumps\n") != std::string::npos);
    CHECK(text_only.text.find("rank_1           first overflow: none\n") != std::string::npos);
    CHECK(text_only.text.find(
              "global first overflow (lowest execution index): rank_0 #0000 Torch.mul.0.forward [origin]\n") !=
          std::string::npos);

    options.output_dir = root / "out_both";
    const OverflowCheckResult both = run_overflow_check(options, pool);
    REQUIRE(both.written.size() == 2);
    CHECK(both.written[0].extension() == ".json");
    CHECK(both.written[1].extension() == ".csv");
    CHECK(read_file_text(both.written[1])
              .starts_with(
                  "\xEF\xBB\xBFRank,Seq,API Name,Direction,Class,Level,Input Anomalies,Output Anomalies\r\n"));  // BOM,
                                                                                                                 // CRLF

    options.output_dir = root / "out_csv";
    options.format = ReportFormat::Csv;
    const OverflowCheckResult csv = run_overflow_check(options, pool);
    REQUIRE(csv.written.size() == 1);
    CHECK(csv.written[0].filename().string().starts_with("overflow_check_"));
    CHECK(csv.written[0].extension() == ".csv");

    options.input = root / "step0/rank1";
    options.output_dir = root / "out_clean";
    options.format = ReportFormat::Json;
    const OverflowCheckResult clean = run_overflow_check(options, pool);
    CHECK_FALSE(clean.overflow_found());
    REQUIRE(clean.written.size() == 1);
    CHECK(read_file_text(clean.written[0]).find("\"first_overflow\": null") != std::string::npos);
}
