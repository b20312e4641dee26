// run_ut's two CSV files: their headers and fields, created new or continued
// from an earlier result file, with one API's rows appended at a time.
#include <catch2/catch.hpp>


#include "common/error.hpp"
#include "precision/output_compare.hpp"
#include "precision/run_ut_report.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::precision;

namespace {

// An API compared on the forward side only: one passing row.
ApiComparison passed_api(const std::string& name) {
    ApiComparison api;
    api.full_name = name;
    api.forward_status = kPass;
    DetailRow row;
    row.api_name = name + ".forward.output.0";
    row.bench_dtype = "torch.float32";
    row.device_dtype = "torch.float32";
    row.shape = "(2,)";
    row.at(Metric::Cosine) = MetricValue::f64(1.0);
    row.at(Metric::MaxAbsErr) = MetricValue::f64(0.0);
    row.status = kPass;
    api.rows.push_back(row);
    return api;
}

}  // namespace

TEST_CASE("the headers and the fields of a result row and a detail row", "[precision][run_ut_report]") {
    CHECK(run_ut_result_header() == CsvRow{"API name", "Forward Test Success", "Backward Test Success", "Message"});
    REQUIRE(run_ut_details_header().size() == 4 + kMetricCount + 2);
    CHECK(run_ut_details_header()[4] == "余弦相似度");
    CHECK(run_ut_details_header().back() == "Message");

    const ApiComparison api = passed_api("Torch.add.0");
    CHECK(result_fields(api) == CsvRow{"Torch.add.0", "pass", " "});
    const CsvRow fields = detail_fields(api.rows[0], 3);
    REQUIRE(fields.size() == run_ut_details_header().size());
    CHECK(fields[0] == "Torch.add.0.forward.output.0");
    CHECK(fields[3] == "(2,)");
    CHECK(fields[4] == "1.000");
    CHECK(fields[5] == "0.000");
    CHECK(fields[6] == " ");  // a cell the standard left empty
    CHECK(fields[fields.size() - 2] == "pass");
    CHECK(fields.back().empty());
    CHECK(result_fields(skipped_api("Torch.mul.0", "not run")) == CsvRow{"Torch.mul.0", "SKIP", "SKIP", "not run"});
}

TEST_CASE("a new report: both files named with the timestamp, headers first, one API's rows per append",
          "[precision][run_ut_report]") {
    const fs::path dir = testing::scratch_dir("run_ut_report_create") / "out";
    const RunUtReport report = RunUtReport::create(dir, "20240101123456", 4);
    CHECK(report.result_path() == dir / "accuracy_checking_result_20240101123456.csv");
    CHECK(report.details_path() == dir / "accuracy_checking_details_20240101123456.csv");
    CHECK(report.timestamp() == "20240101123456");
    CHECK(testing::read_file_text(report.result_path()) ==
          "\xEF\xBB\xBF" "API name,Forward Test Success,Backward Test Success,Message\r\n");
    CHECK(report.recorded_apis().empty());

    report.append(passed_api("Torch.add.0"));
    report.append(skipped_api("Torch.mul.0", "not run, because of x, y"));
    const std::string result = testing::read_file_text(report.result_path());
    CHECK(result.ends_with("Torch.add.0,pass, \r\nTorch.mul.0,SKIP,SKIP,\"not run, because of x, y\"\r\n"));
    const std::string details = testing::read_file_text(report.details_path());
    CHECK(details.find("\r\nTorch.add.0.forward.output.0,torch.float32,torch.float32,\"(2,)\",1.0000,0.0000, ,") !=
          std::string::npos);
    CHECK(details.ends_with("SKIP,\"not run, because of x, y\"\r\n"));
    CHECK(report.recorded_apis() == std::set<std::string>{"Torch.add.0", "Torch.mul.0"});
}

TEST_CASE("a continued report appends to both files, its name and its details file are checked",
          "[precision][run_ut_report]") {
    const fs::path dir = testing::scratch_dir("run_ut_report_resume");
    const RunUtReport first = RunUtReport::create(dir, "20240101000000");
    first.append(passed_api("Torch.add.0"));

    const RunUtReport resumed = RunUtReport::resume(first.result_path());
    CHECK(resumed.timestamp() == "20240101000000");
    CHECK(resumed.details_path() == first.details_path());
    CHECK(resumed.recorded_apis() == std::set<std::string>{"Torch.add.0"});
    resumed.append(passed_api("Torch.sub.0"));
    CHECK(first.recorded_apis() == std::set<std::string>{"Torch.add.0", "Torch.sub.0"});

    fs::copy_file(first.result_path(), dir / "renamed.csv");
    CHECK_THROWS_WITH(RunUtReport::resume(dir / "renamed.csv"),
                      Catch::Contains("When continue run ut, please do not modify the result csv name."));
    CHECK_THROWS_WITH(RunUtReport::resume(dir / "accuracy_checking_result_20240101999999.csv"),
                      Catch::Contains("does not exist"));
    fs::remove(first.details_path());
    try {
        RunUtReport::resume(first.result_path());
        FAIL("a result without its details file must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == first.details_path().string());
    }
}

TEST_CASE("a report guards formula-like API names, reads them back as they were, or keeps them verbatim",
          "[precision][run_ut_report]") {
    const fs::path dir = testing::scratch_dir("run_ut_report_formulas");
    const std::string name = "=HYPERLINK(\"http://x\",\"y\").0";
    const RunUtReport guarded = RunUtReport::create(dir / "guarded", "20240101000000");
    guarded.append(passed_api(name));
    CHECK(testing::read_file_text(guarded.result_path())
              .ends_with("\r\n\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\").0\",pass, \r\n"));
    CHECK(testing::read_file_text(guarded.details_path())
              .find("\r\n\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\").0.forward.output.0\",torch.float32,") !=
          std::string::npos);
    // A continued run knows the API by its own name.
    const RunUtReport resumed = RunUtReport::resume(guarded.result_path());
    CHECK(resumed.recorded_apis() == std::set<std::string>{name});

    const RunUtReport verbatim =
        RunUtReport::create(dir / "verbatim", "20240101000000", kDetailDecimals, report::FormulaCells::Verbatim);
    verbatim.append(passed_api(name));
    CHECK(testing::read_file_text(verbatim.result_path())
              .ends_with("\r\n\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\").0\",pass, \r\n"));
    CHECK(verbatim.recorded_apis() == std::set<std::string>{name});
}
