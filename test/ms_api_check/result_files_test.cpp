// data_manager.py's two files: headers, rows, and a continued run.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "ms_api_check/result_files.hpp"
#include "precision/csv_dialect.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::ms_api_check;
using msprobe::precision::CsvRow;
namespace fs = std::filesystem;

namespace {

OutputRow row(const std::string& name, bool pass, const std::string& message = "") {
    OutputRow r{name, "Float32", "Float32", "(2,)", {}};
    r.comparison.cosine.value = 1.0;
    r.comparison.max_abs.value = pass ? 0.0 : 0.5;
    r.comparison.max_relative.value = 1.0 / 3.0;
    r.comparison.pass = pass;
    r.comparison.message = message;
    return r;
}

}  // namespace

TEST_CASE("result files: the result row of each direction (to_result_csv)", "[ms_api_check]") {
    const ApiOutcome both_pass{"Mint.add.0", {{row("f", true)}, {}}, {{row("b", true)}, {}}};
    CHECK((*result_fields(both_pass) == CsvRow{"Mint.add.0", "pass", "pass", ""}));
    // Forward only: no backward status, no message.
    const ApiOutcome forward_only{"Mint.add.0", {{row("f", true)}, {}}, {}};
    CHECK((*result_fields(forward_only) == CsvRow{"Mint.add.0", "pass", "", ""}));
    // The failing rows' messages joined, forward then backward, and the skip text after them.
    const ApiOutcome failing{"Mint.add.0", {{row("f0", false, "A "), row("f1", true), row("f2", false, "B ")}, {}},
                             {{}, std::string("broken")}};
    CHECK((*result_fields(failing) == CsvRow{"Mint.add.0", "error", "SKIP", "A B broken"}));
    const ApiOutcome nothing{"Mint.add.0", {}, {}};
    CHECK_FALSE(result_fields(nothing));
    CHECK((details_fields(row("Mint.add.0.forward.output.0", false, "M ")) ==
          CsvRow{"Mint.add.0.forward.output.0", "Float32", "Float32", "(2,)", "1.0", "0.5", "0.3333333333333333",
                 "error", "M "}));
}

TEST_CASE("result files: new files carry msprobe's headers, a continued run reads their API names",
          "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_result_files");
    const auto files = ResultFiles::create(dir, "20260101120000", msprobe::report::FormulaCells::Guarded);
    CHECK(files.result_path() == dir / "accuracy_checking_result_20260101120000.csv");
    CHECK(files.details_path() == dir / "accuracy_checking_details_20260101120000.csv");
    files.append({"Mint.add.0", {{row("Mint.add.0.forward.output.0", true)}, {}}, {}});
    const auto result = msprobe::precision::read_csv(files.result_path());
    REQUIRE(result.size() == 2);
    CHECK((result[0] == CsvRow{"API Name", "Forward Test Success", "Backward Test Success", "Message"}));
    const auto details = msprobe::precision::read_csv(files.details_path());
    REQUIRE(details.size() == 2);
    CHECK((details[0] == CsvRow{"API Name", "Bench Dtype", "Tested Dtype", "Shape", "Cosine", "MaxAbsErr",
                               "MaxRelativeErr", "Status", "Message"}));
    const auto resumed = ResultFiles::resume(files.result_path(), msprobe::report::FormulaCells::Guarded);
    CHECK(resumed.details_path() == files.details_path());
    CHECK((resumed.recorded_apis() == std::set<std::string>{"Mint.add.0"}));
}

TEST_CASE("result files: a result file without msprobe's columns is refused, naming them", "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_result_refused");
    std::ofstream(dir / "accuracy_checking_result_1.csv") << "API Name,Forward Test Success\r\nx,pass\r\n";
    const auto csv = dir / "accuracy_checking_result_1.csv";
    CHECK_THROWS_WITH(ResultFiles::resume(csv, msprobe::report::FormulaCells::Guarded),
                      Catch::Contains("['Backward Test Success', 'Message']"));
}
