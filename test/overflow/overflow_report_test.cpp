// The renderings of overflow scans made by hand here: the anomaly texts and
// cells, the text block, the JSON of one and of several dumps, the CSV table,
// and which dump holds the earliest first overflow.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "overflow/overflow_report.hpp"

using namespace msprobe::overflow;

namespace {

RecordAnomaly anomaly(Section section, const std::string& path, std::vector<StatAnomaly> statistics) {
    RecordAnomaly a;
    a.section = section;
    a.path = path;
    a.dtype = "torch.float32";
    a.shape = {2};
    a.data_name = path + ".pt";
    a.statistics = std::move(statistics);
    return a;
}

ScannedEntry entry(std::size_t seq, const std::string& api, OverflowClass c) {
    ScannedEntry e;
    e.seq = seq;
    e.api = api;
    e.direction = "forward";
    e.overflow_class = c;
    if (c != OverflowClass::Origin)
        e.anomalies.inputs.push_back(anomaly(Section::InputArgs, "input_args[0]", {{"Max", "inf"}}));
    if (c != OverflowClass::Absorbed) {
        e.anomalies.outputs.push_back(anomaly(Section::Output, "output[0]", {{"Max", "inf"}, {"Min", "-inf"}}));
    }
    return e;
}

DumpScan scan_of(const std::string& step, const std::string& rank, std::vector<ScannedEntry> reported) {
    DumpScan scan;
    scan.location = {"/dumps/" + step + "/" + rank + "/dump.json", step, rank};
    scan.task = "statistics";
    scan.level = "L1";
    scan.entries = 10;
    for (const auto& e : reported) ++scan.counts[static_cast<std::size_t>(e.overflow_class)];
    scan.reported = std::move(reported);
    return scan;
}

}  // namespace

TEST_CASE("anomalies as text and as CSV cell", "[overflow][report]") {
    const std::vector<RecordAnomaly> two = {
        anomaly(Section::Output, "output[0]", {{"Max", "inf"}, {"Min", "-inf"}, {"Mean", "nan"}}),
        anomaly(Section::Output, "output[1]", {{"Max", "nan"}})};
    CHECK(anomalies_text(two) == "output[0] Max=inf,Min=-inf,Mean=nan; output[1] Max=nan");
    CHECK(anomalies_cell(two) == "output[0]:Max=inf;Min=-inf;Mean=nan|output[1]:Max=nan");
    CHECK(anomalies_text({}) == "-");
    CHECK(anomalies_cell({}).empty());
}

TEST_CASE("text block: header, first overflow, one line per entry, summary", "[overflow][report]") {
    const DumpScan scan = scan_of("step0", "rank_0", {entry(2, "Torch.mul.0.forward", OverflowClass::Origin),
                                                      entry(5, "Torch.add.0.forward", OverflowClass::Propagated)});
    const std::string text = text_block(scan, false);
    CHECK(text.starts_with(
        "overflow_check: /dumps/step0/rank_0/dump.json  (task=statistics, level=L1, 10 entries, 2 with anomalies)\n"
        "first overflow: #0002 Torch.mul.0.forward  [origin]  output[0] Max=inf,Min=-inf\n"));
    CHECK(text.find(" 0005  propagated  Torch.add.0.forward") != std::string::npos);
    CHECK(text.ends_with("summary: origin=1 propagated=1 absorbed=0 mutation=0 filtered=0\n"));
    CHECK(text_block(scan, true).find("Torch.add.0.forward") == std::string::npos);
    CHECK(text_block(scan_of("", "", {}), false).find("first overflow: none\n") != std::string::npos);
}

TEST_CASE("global_first: origins first, then the lowest step, seq and rank", "[overflow][report]") {
    const std::vector<DumpScan> scans = {
        scan_of("step0", "rank_1", {entry(1, "Torch.add.0.forward", OverflowClass::Propagated)}),
        scan_of("step0", "rank_2", {entry(4, "Torch.mul.0.forward", OverflowClass::Origin)}),
        scan_of("step0", "rank_3", {entry(4, "Torch.mul.0.forward", OverflowClass::Origin)}),
        scan_of("step1", "rank_0", {entry(0, "Torch.exp.0.forward", OverflowClass::Origin)}),
        scan_of("step0", "rank_4", {})};
    REQUIRE(global_first(scans) == &scans[1]);
    CHECK(global_first({scans[0], scans[4]})->location.rank == "rank_1");
    CHECK(global_first({scans[4]}) == nullptr);
}

TEST_CASE("dump keys and the JSON report of one and of several dumps", "[overflow][report]") {
    const DumpScan rank0 = scan_of("step0", "rank_0", {entry(3, "Torch.mul.0.forward", OverflowClass::Origin)});
    const DumpScan rank1 = scan_of("step1", "rank_1", {});
    CHECK(dump_key(rank0, false) == "rank_0");
    CHECK(dump_key(rank0, true) == "step0/rank_0");
    CHECK(dump_key(scan_of("", "", {}), true) == "/dumps///dump.json");

    const auto one = report_json({rank0}, false);
    CHECK(one["input"] == "/dumps/step0/rank_0/dump.json");
    CHECK(one["first_overflow"]["api"] == "Torch.mul.0.forward");
    CHECK(one["first_overflow"]["class"] == "origin");
    REQUIRE(one["entries"].size() == 1);
    CHECK(one["entries"][0]["level"] == "critical");
    CHECK(one["entries"][0]["output_anomalies"][0]["Min"] == "-inf");
    CHECK_FALSE(one["entries"][0]["output_anomalies"][0].contains("tensor_file"));  // found in the statistics
    CHECK(one["summary"]["origin"] == 1);

    const auto several = report_json({rank0, rank1}, false);
    CHECK(several.contains("step0/rank_0"));
    CHECK(several["step1/rank_1"]["first_overflow"].is_null());
    CHECK(several["global_first"]["rank"] == "rank_0");
    CHECK(several["global_first"]["seq"] == 3);
}

TEST_CASE("the CSV table: Step and Rank lead only for several dumps, mutations show their norms",
          "[overflow][report]") {
    ScannedEntry jump = entry(7, "Torch.exp.0.forward", OverflowClass::Mutation);
    jump.anomalies = {};
    jump.mutation = Mutation{"input_args[0]", 2.0, "output[0]", 400.0};
    const DumpScan scan = scan_of("step0", "rank_0", {entry(3, "Torch.mul.0.forward", OverflowClass::Origin), jump});
    const auto single = report_table({scan}, false);
    CHECK(single.header == std::vector<std::string>{"Seq", "API Name", "Direction", "Class", "Level", "Input Anomalies",
                                                    "Output Anomalies"});
    REQUIRE(single.rows.size() == 2);
    CHECK(single.rows[0][0].text() == "3");
    CHECK(single.rows[0][6].text() == "output[0]:Max=inf;Min=-inf");
    CHECK(single.rows[1][3].text() == "mutation");
    CHECK(single.rows[1][5].text() == "input_args[0]:Norm=2.0");
    CHECK(single.rows[1][6].text() == "output[0]:Norm=400.0");

    const auto several = report_table({scan, scan_of("step1", "rank_1", {})}, true);
    CHECK(several.header.front() == "Step");
    CHECK(several.header[1] == "Rank");
    REQUIRE(several.rows.size() == 1);  // first overflows only
    CHECK(several.rows[0][1].text() == "rank_0");
}
