// msprobe overflow_check end to end: stdout, exit codes (--fail-on overflow),
// the JSON and CSV reports parsed back, and bad input (exit 2, one line,
// nothing written).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

#include "support/overflow_sample_dumps.hpp"
#include "msprobe_process.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/overflow_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using namespace msprobe::testing;

namespace {

std::vector<fs::path> files_in(const fs::path& dir, const std::string& extension) {
    std::vector<fs::path> files;
    if (!fs::is_directory(dir)) return files;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == extension) files.push_back(entry.path());
    }
    return files;
}

bool empty_or_missing(const fs::path& dir) { return !fs::exists(dir) || fs::is_empty(dir); }

// CSV rows as fields (the report never quotes: no field holds , " or a line break).
std::vector<std::vector<std::string>> csv_rows(const std::string& bytes) {
    std::vector<std::vector<std::string>> rows;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::size_t end = bytes.find("\r\n", at);
        REQUIRE(end != std::string::npos);
        std::vector<std::string> fields;
        std::stringstream line(bytes.substr(at, end - at));
        for (std::string field; std::getline(line, field, ',');) fields.push_back(field);
        rows.push_back(fields);
        at = end + 2;
    }
    return rows;
}

void require_clean_failure(const ProcessResult& r, const std::string& file, const std::string& reason,
                           const fs::path& out_dir) {
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(file) != std::string::npos);
    CHECK(r.err.find(reason) != std::string::npos);
    CHECK(r.out.empty());
    CHECK(empty_or_missing(out_dir));
}

}  // namespace

TEST_CASE("overflow_check: the spec 5.4 worked example on stdout, exit 1 only with --fail-on overflow", "[cli]") {
    const fs::path dir = scratch_dir("cli_overflow_worked");
    write_file(dir / "dump.json", worked_example_dump());

    const auto gated = run_msprobe({"overflow_check", "-i", "dump.json", "--fail-on", "overflow"}, dir);
    INFO(gated.err);
    CHECK(gated.exit_code == 1);
    CHECK(gated.err.empty());
    CHECK(gated.out.find("first overflow: #0000 Torch.mul.0.forward  [origin]") != std::string::npos);
    CHECK(gated.out.find(" 0004  origin      Torch.mul.0.backward") != std::string::npos);
    CHECK(gated.out.find("summary: origin=2 propagated=1 absorbed=1 mutation=0 filtered=1") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "output"));  // text only: no file without -o

    const auto plain = run_msprobe({"overflow_check", "-i", "dump.json"}, dir);
    CHECK(plain.exit_code == 0);
    CHECK(plain.out == gated.out);

    const auto first = run_msprobe({"overflow_check", "-i", "dump.json", "--first-only", "--format", "csv"}, dir);
    CHECK(first.exit_code == 0);
    const auto csvs = files_in(dir / "output", ".csv");
    REQUIRE(csvs.size() == 1);
    const std::string bytes = read_file_text(csvs.front());
    REQUIRE(bytes.rfind("\xEF\xBB\xBF", 0) == 0);
    const auto rows = csv_rows(bytes.substr(3));
    REQUIRE(rows.size() == 2);
    CHECK(rows[0] == std::vector<std::string>{"Seq", "API Name", "Direction", "Class", "Level", "Input Anomalies",
                                              "Output Anomalies"});
    CHECK(rows[1] == std::vector<std::string>{"0", "Torch.mul.0.forward", "forward", "origin", "critical", "",
                                              "output[0]:Max=inf;Min=inf"});
}

TEST_CASE("overflow_check: a planted multi-rank dump fails the gate, its clean twin passes", "[cli]") {
    const fs::path dir = scratch_dir("cli_overflow_planted");
    OverflowDumpOptions options;
    options.out = dir / "dumps";
    options.ranks = 4;
    options.planted_rank = 1;
    const PlantedOverflow planted = generate_overflow_dump(options);
    const ExpectedOverflow& expected = planted.expected[1];

    const auto r =
        run_msprobe({"overflow_check", "-i", planted.step_dir.string(), "-o", "out", "--fail-on", "overflow"}, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 1);
    CHECK(r.out.find("global first overflow (lowest execution index): rank_1") != std::string::npos);

    const auto jsons = files_in(dir / "out", ".json");
    const auto csvs = files_in(dir / "out", ".csv");
    REQUIRE(jsons.size() == 1);
    REQUIRE(csvs.size() == 1);
    CHECK(jsons.front().stem() == csvs.front().stem());
    const auto report = nlohmann::ordered_json::parse(read_file_text(jsons.front()));
    std::vector<std::string> keys;
    for (const auto& [key, value] : report.items()) keys.push_back(key);
    CHECK(keys == std::vector<std::string>{"rank_0", "rank_1", "rank_2", "rank_3", "global_first"});
    CHECK(report["global_first"]["rank"] == "rank_1");
    CHECK(report["global_first"]["api"] == planted.planted);
    CHECK(report["global_first"]["class"] == "origin");
    for (const char* clean : {"rank_0", "rank_2", "rank_3"}) {
        CHECK(report[clean]["entries"].empty());
        CHECK(report[clean]["first_overflow"].is_null());
    }
    const auto& rank1 = report["rank_1"];
    CHECK(rank1["task"] == "statistics");
    CHECK(rank1["first_overflow"]["api"] == planted.planted);
    const auto& entries = rank1["entries"];
    REQUIRE(entries.size() == 1 + expected.propagated.size() + expected.absorbed.size());
    CHECK(entries[0]["api"] == planted.planted);
    CHECK(entries[0]["class"] == "origin");
    CHECK(entries[0]["level"] == "critical");
    CHECK(entries[0]["input_anomalies"].empty());
    REQUIRE(entries[0]["output_anomalies"].size() == 1);
    CHECK(entries[0]["output_anomalies"][0]["path"] == "output[0]");
    CHECK(entries[0]["output_anomalies"][0]["dtype"] == "torch.float32");
    CHECK(entries[0]["output_anomalies"][0]["Max"] == "inf");
    CHECK_FALSE(entries[0]["stack"].empty());
    for (std::size_t i = 0; i < expected.propagated.size(); ++i) {
        CHECK(entries[1 + i]["api"] == expected.propagated[i]);
        CHECK(entries[1 + i]["class"] == "propagated");
    }
    CHECK(entries.back()["class"] == "absorbed");
    CHECK(rank1["summary"]["origin"] == 1);
    CHECK(rank1["summary"]["propagated"] == expected.propagated.size());

    const std::string bytes = read_file_text(csvs.front());
    REQUIRE(bytes.rfind("\xEF\xBB\xBF", 0) == 0);
    const auto rows = csv_rows(bytes.substr(3));
    REQUIRE(rows.size() == 1 + entries.size());
    CHECK(rows[0] == std::vector<std::string>{"Rank", "Seq", "API Name", "Direction", "Class", "Level",
                                              "Input Anomalies", "Output Anomalies"});
    CHECK(rows[1][0] == "rank_1");
    CHECK(rows[1][1] == std::to_string(entries[0]["seq"].get<std::size_t>()));
    CHECK(rows[1][2] == planted.planted);
    CHECK(rows[1][4] == "origin");
    CHECK(rows[1][7] == "output[0]:Max=inf;Mean=inf");

    const auto clean = run_msprobe(
        {"overflow_check", "-i", planted.clean_step_dir.string(), "--fail-on", "overflow", "--format", "json"}, dir);
    INFO(clean.err);
    CHECK(clean.exit_code == 0);
    const auto clean_jsons = files_in(dir / "output", ".json");
    REQUIRE(clean_jsons.size() == 1);
    const auto clean_report = nlohmann::json::parse(read_file_text(clean_jsons.front()));
    CHECK(clean_report["global_first"].is_null());
    CHECK(clean_report["rank_0"]["entries"].empty());
}

// The scan as April-style lines run it; August-style lines send folders to msprobe's analysis.
TEST_CASE("overflow_check: bad input is exit 2 with one line and nothing written", "[cli]") {
    const fs::path dir = scratch_dir("cli_overflow_bad");
    write_file(dir / "broken/dump.json", "{\"task\": \"statistics\", \"data\": {");
    write_file(dir / "no_task/dump.json", R"({"data": {}})");
    fs::create_directories(dir / "empty");
    write_file(dir / "good/dump.json", worked_example_dump());
    write_file(dir / "rules.yaml", "ignore_nan_inf: [ unclosed");
    write_file(dir / "step0/rank0/dump.json", worked_example_dump());
    fs::create_directories(dir / "step0/rank1");

    const auto missing = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "nowhere.json", "-o", "out"}, dir);
    require_clean_failure(missing, "nowhere.json", "no such file", dir / "out");
    const auto broken =
        run_msprobe({"-f", "pytorch", "overflow_check", "-i", "broken", "-o", "out", "--format", "json"}, dir);
    require_clean_failure(broken, "dump.json", "", dir / "out");
    const auto no_task = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "no_task/dump.json", "-o", "out"}, dir);
    require_clean_failure(no_task, "no_task/dump.json", "'task'", dir / "out");
    const auto empty = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "empty", "-o", "out"}, dir);
    require_clean_failure(empty, "empty", "no dump.json", dir / "out");
    const auto rank_without_dump = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "step0", "-o", "out"}, dir);
    require_clean_failure(rank_without_dump, "rank1", "no dump.json", dir / "out");
    const auto rules =
        run_msprobe({"-f", "pytorch", "overflow_check", "-i", "good", "-o", "out", "--rules", "rules.yaml"}, dir);
    require_clean_failure(rules, "rules.yaml", "malformed", dir / "out");
    const auto multi = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "good", "-o", "out", "--multi-rank"}, dir);
    require_clean_failure(multi, "good", "no rank directory", dir / "out");  // --multi-rank needs a step directory
    const auto pkl = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "rules.yaml", "-o", "out"}, dir);
    require_clean_failure(pkl, "rules.yaml", "not a dump.json", dir / "out");
    const auto bad_flag = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "good", "--fail-on", "anything"}, dir);
    CHECK(bad_flag.exit_code == 2);
    CHECK_FALSE(fs::exists(dir / "output"));
}

TEST_CASE("overflow_check: an op-debug file whose header holds a group is refused in one line", "[cli]") {
    const fs::path dir = scratch_dir("cli_overflow_op_debug_group");
    const auto record = msprobe::testing::new_op_debug_record(0, 0, {0, 3, 7, 0, 0, 0, 0x1000, 0x2000, 1, 2, 0x10});
    msprobe::testing::write_bytes(dir / "dump/Opdebug.Node_OpDebug.7.3.1700000000000100",
                                  msprobe::testing::with_header_fields(msprobe::testing::encode_op_debug_dump(record),
                                                                       msprobe::testing::group_field(15, {})));
    const auto result = run_msprobe({"-f", "pytorch", "overflow_check", "-i", "dump", "-o", "out"}, dir);
    require_clean_failure(result, "dump/Opdebug.Node_OpDebug.7.3.1700000000000100",
                          "-byte header is not a DumpData protobuf message: field 15 is a group (wire type 3)",
                          dir / "out");
}

TEST_CASE("overflow_check: msprobe's nan_analyze sample trees gate as expected", "[cli][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path samples = *fixtures / "reference_samples/nan_analyze";
    const fs::path dir = scratch_dir("cli_overflow_nan_analyze");
    const auto normal =
        run_msprobe({"overflow_check", "-i", (samples / "normal/step0").string(), "--fail-on", "overflow"}, dir);
    CHECK(normal.exit_code == 0);
    CHECK(normal.out.find("global first overflow: none") != std::string::npos);
    const auto after =
        run_msprobe({"overflow_check", "-i", (samples / "after_anomaly/step0").string(), "--fail-on", "overflow"}, dir);
    CHECK(after.exit_code == 1);
    CHECK(after.out.find(
              "global first overflow (lowest execution index): rank_3 #0011 Torch.operator.6.forward [origin]") !=
          std::string::npos);
    CHECK(empty_or_missing(dir / "output"));
}

TEST_CASE("overflow_check --multi-rank also writes msprobe's anomaly_analyze file", "[cli][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path sample = *fixtures / "reference_samples/nan_analyze/after_anomaly";
    const fs::path dir = scratch_dir("cli_overflow_multi_rank");
    const auto r = run_msprobe({"overflow_check", "-i", (sample / "step0").string(), "-o", "out", "--multi-rank"}, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    fs::path analysis;
    for (const auto& e : fs::directory_iterator(dir / "out")) {
        if (e.path().filename().string().rfind("anomaly_analyze_", 0) == 0) analysis = e.path();
    }
    REQUIRE(!analysis.empty());
    CHECK(msprobe::testing::read_file_text(analysis) ==
          msprobe::testing::read_file_text(sample / "expected/anomaly_analyze.json"));
    CHECK(r.out.find("multi-rank: first anomaly across the ranks: Torch.operator.6.forward (rank2)\nWritten:\n  out/" +
                     analysis.filename().string() + "\n") != std::string::npos);
    const auto normal =
        run_msprobe({"overflow_check", "-i", (*fixtures / "reference_samples/nan_analyze/normal/step0").string(), "-o",
                     "out_normal", "--multi-rank"},
                    dir);
    CHECK(normal.exit_code == 0);
    CHECK(normal.out.find("multi-rank: no anomaly node found") != std::string::npos);
}
