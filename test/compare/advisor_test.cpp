// The advisor: the first row failing its mode's criterion, and the advice
// chosen from that row's NPU Name.
#include <catch2/catch.hpp>

#include <filesystem>

#include "compare/advisor.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::compare;

namespace {

// A table of NPU Name plus one criterion column holding `results`.
ResultTable table_of(CompareMode mode, const char* column,
                     const std::vector<std::pair<std::string, report::Cell>>& rows) {
    ResultTable result;
    result.mode = mode;
    result.table.header = {"NPU Name", "Bench Name", column};
    for (const auto& [name, cell] : rows) result.table.rows.push_back({report::Cell(name), report::Cell(name), cell});
    return result;
}

}  // namespace

TEST_CASE("the failing criterion follows the mode", "[advisor]") {
    ResultTable result;
    result.mode = CompareMode::All;
    CHECK(std::string(failing_criterion(result).column) == "Accuracy Reached or Not");
    CHECK(std::string(failing_criterion(result).failing_text) == "No");
    result.mode = CompareMode::Summary;
    CHECK(std::string(failing_criterion(result).column) == "Result");
    CHECK(std::string(failing_criterion(result).failing_text) == "Warning");
    result.mode = CompareMode::Md5;
    CHECK(std::string(failing_criterion(result).column) == "Result");
    CHECK(std::string(failing_criterion(result).failing_text) == "Different");
}

TEST_CASE("failing rows: exact text in the criterion column only", "[advisor]") {
    const auto summary = table_of(CompareMode::Summary, "Result",
                                  {{"a.forward.input.0", "pass"},
                                   {"b.forward.output.0", "Warning"},
                                   {"c.forward.output.0", "warning"},
                                   {"d.forward.output.0", report::Cell(1.0)},
                                   {"e.backward.output.0", "Warning"}});
    CHECK(failing_rows(summary) == std::vector<std::size_t>{1, 4});

    const auto md5 = table_of(CompareMode::Md5, "Result", {{"a", "Pass"}, {"b", "Different"}});
    CHECK(failing_rows(md5) == std::vector<std::size_t>{1});
    // "Warning" is no failure in md5 mode.
    const auto md5_warning = table_of(CompareMode::Md5, "Result", {{"a", "Warning"}});
    CHECK(failing_rows(md5_warning).empty());

    const auto real = table_of(CompareMode::All, "Accuracy Reached or Not", {{"a", "Yes"}, {"b", "No"}, {"c", "No"}});
    CHECK(failing_rows(real) == std::vector<std::size_t>{1, 2});
    // Without the criterion column nothing fails.
    const auto no_column = table_of(CompareMode::All, "Result", {{"a", "No"}});
    CHECK(failing_rows(no_column).empty());
}

TEST_CASE("advice texts by name", "[advisor]") {
    CHECK(advice_for_name("Functional.relu.0.forward.output.0") ==
          "This is a forward API computation error. Check the computation implementation.");
    CHECK(advice_for_name("Functional.relu.0.backward.output.0") ==
          "This is a backward API computation error. Check the computation implementation.");
    CHECK(advice_for_name("Functional.relu.0.backward.input.0") ==
          "Check whether the forward computation result is affected.");
    CHECK(advice_for_name("Functional.relu.0.forward.input.0").rfind(
              "1. Analyze the model to view the input source.\n2. Check whether an inplace API", 0) == 0);
    const std::string deterministic =
        "This torch api may be uncertainty in the calculation, can seed_all(mode=True) to enable deterministic "
        "computing.";
    CHECK(advice_for_name("Functional.conv2d.0.forward.output.0") == deterministic);
    CHECK(advice_for_name("Torch.matmul.2.backward.output.1") == deterministic);
    CHECK(advice_for_name("Functional.layer_norm.0.forward.output.0") == deterministic);
    // An input row keeps the input advice even for a non-deterministic API.
    CHECK(advice_for_name("Functional.conv2d.0.backward.input.0") ==
          "Check whether the forward computation result is affected.");
    // The batch_norm advice needs the legacy spelling and forward_input.1.
    CHECK(advice_for_name("Functional_batch_norm_0_forward_input.1").rfind("Torch API batch_norm input not fixed", 0) ==
          0);
    CHECK(advice_for_name("Functional.batch_norm.0.forward.input.1").rfind("1. Analyze the model", 0) == 0);
}

TEST_CASE("advise names the first failing row", "[advisor]") {
    const auto summary = table_of(CompareMode::Summary, "Result",
                                  {{"Functional.relu.0.forward.input.0", "pass"},
                                   {"Functional.linear.1.backward.output.0", "Warning"},
                                   {"Functional.relu.2.forward.output.0", "Warning"}});
    const auto advice = advise(summary);
    CHECK(advice.line == "1");
    CHECK(advice.suspect_nodes == "Functional.linear.1.backward.output.0");
    CHECK(advice.file_text() ==
          "Line: 1\nSuspect Nodes: Functional.linear.1.backward.output.0\nExpert Advice: This is a backward API "
          "computation error. Check the computation implementation.\n");

    const auto all_pass = table_of(CompareMode::Summary, "Result", {{"a.forward.output.0", "pass"}});
    CHECK(advise(all_pass).file_text() ==
          "Line: NA\nSuspect Nodes: NA\nExpert Advice: All data in comparison result meets the accuracy "
          "requirements.\n");
}

TEST_CASE("the advice file is written on commit", "[advisor]") {
    const auto dir = testing::scratch_dir("advisor_file");
    const auto path = dir / "advisor_0.txt";
    const Advice advice{"3", "Functional.relu.0.forward.output.0", "text"};
    {
        report::StagedFiles staged;
        stage_advice_file(advice, path, staged);
        CHECK_FALSE(std::filesystem::exists(path));
        staged.commit();
    }
    CHECK(testing::read_file_text(path) ==
          "Line: 3\nSuspect Nodes: Functional.relu.0.forward.output.0\nExpert Advice: text\n");
}
