// The level of an API from its forward and backward status, and the counts of
// a run_ut result file.
#include <catch2/catch.hpp>

#include <fstream>

#include "precision/result_counts.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::precision;

TEST_CASE("an API's level: error over Warning over pass, skip when nothing was compared",
          "[precision][result_counts]") {
    CHECK(api_level("pass", "error") == ApiLevel::Error);
    CHECK(api_level("error", "Warning") == ApiLevel::Error);
    CHECK(api_level("Warning", "pass") == ApiLevel::Warning);
    CHECK(api_level("pass", "SKIP") == ApiLevel::Pass);
    CHECK(api_level("SKIP", "pass") == ApiLevel::Pass);
    CHECK(api_level("SKIP", "SKIP") == ApiLevel::Skip);
    CHECK(api_level("", "") == ApiLevel::Skip);
    CHECK(api_level("warning", "Pass") == ApiLevel::Skip);  // statuses are spelled exactly
}

TEST_CASE("count_results counts every row of a result file by level", "[precision][result_counts]") {
    const auto path = msprobe::testing::scratch_dir("result_counts") / "accuracy_checking_result_1.csv";
    std::ofstream(path) << "API name,Forward Test Success,Backward Test Success,Message\n"
                           "Functional.relu.0.forward,pass,SKIP,\n"
                           "Torch.add.1.forward,pass,error,\"a, quoted message\"\n"
                           "Torch.mul.2.forward,Warning,pass,\n"
                           "Torch.div.3.forward,SKIP,SKIP,not supported\n"
                           "Torch.sub.4.forward,error,Warning,\n"
                           "short,row\n";
    const ResultCounts counts = count_results(path);
    CHECK(counts.pass == 1);
    CHECK(counts.warning == 1);
    CHECK(counts.error == 2);
    CHECK(counts.skip == 1);
    CHECK(counts.total() == 5);
    REQUIRE(counts.first_problem);  // the first error, though a warning comes before it
    CHECK(counts.first_problem->level == ApiLevel::Error);
    CHECK(counts.first_problem->name == "Torch.add.1.forward");
    CHECK(counts.first_problem->message == "a, quoted message");
}

TEST_CASE("count_results names the first warning API when no API is an error, and none when all pass",
          "[precision][result_counts]") {
    const auto dir = msprobe::testing::scratch_dir("result_counts_first");
    std::ofstream(dir / "warned.csv") << "API name,Forward Test Success,Backward Test Success,Message\n"
                                         "Functional.relu.0.forward,pass,SKIP,\n"
                                         "Torch.mul.2.forward,Warning,pass\n"
                                         "Torch.div.3.forward,pass,Warning,later\n";
    const ResultCounts warned = count_results(dir / "warned.csv");
    REQUIRE(warned.first_problem);
    CHECK(warned.first_problem->level == ApiLevel::Warning);
    CHECK(warned.first_problem->name == "Torch.mul.2.forward");
    CHECK(warned.first_problem->message.empty());
    std::ofstream(dir / "passed.csv") << "API name,Forward Test Success,Backward Test Success,Message\n"
                                         "Functional.relu.0.forward,pass,SKIP,\n"
                                         "Torch.div.3.forward,SKIP,SKIP,not supported\n";
    CHECK_FALSE(count_results(dir / "passed.csv").first_problem);
}
