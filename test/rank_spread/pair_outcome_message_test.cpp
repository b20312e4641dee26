// A rank's PairOutcome as it travels to process 0: every field survives the
// round trip through its message (and through MessagePack, as it is sent),
// the message's form is fixed, and a message missing a field is refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rank_spread/pair_outcome_message.hpp"

using namespace msprobe::compare;
using nlohmann::json;

namespace {

PairOutcome outcome_with_problem() {
    PairOutcome outcome;
    outcome.label = "rank3";
    outcome.rows = 120;
    outcome.passed = 100;
    outcome.warnings = 15;
    outcome.errors = 5;
    outcome.written = {"/out/compare_result_rank3_20260101000000.xlsx", "/out/\xff\xfe/advisor_rank3.txt"};
    outcome.first_problem =
        FirstProblem{"Functional.linear.2.forward.output.0", RowLevel::Warning, {"Max diff large", "NaN in NPU"},
                     "File model.py, line 12, in forward, y = self.fc(x)"};
    return outcome;
}

// The outcome after travelling as process 0 receives it.
PairOutcome sent(const PairOutcome& outcome) {
    return pair_outcome_from_message(json::from_msgpack(json::to_msgpack(pair_outcome_message(outcome))));
}

}  // namespace

TEST_CASE("pair outcome message: rows without a verdict travel, and a message without them reads as none",
          "[rank_spread][pair_outcome_message]") {
    PairOutcome outcome;
    outcome.rows = 4;
    outcome.passed = 1;
    outcome.unjudged = 3;
    CHECK(pair_outcome_message(outcome).at("unjudged") == 3);
    CHECK(sent(outcome).unjudged == 3);
    outcome.unjudged = 0;
    CHECK_FALSE(pair_outcome_message(outcome).contains("unjudged"));
    CHECK(sent(outcome).unjudged == 0);
}

TEST_CASE("pair outcome message: every field survives the trip", "[rank_spread][pair_outcome_message]") {
    const PairOutcome original = outcome_with_problem();
    const PairOutcome back = sent(original);
    CHECK(back.label == "rank3");
    CHECK(back.rows == 120);
    CHECK(back.passed == 100);
    CHECK(back.warnings == 15);
    CHECK(back.errors == 5);
    CHECK(back.written == original.written);
    REQUIRE(back.first_problem.has_value());
    CHECK(back.first_problem->npu_name == "Functional.linear.2.forward.output.0");
    CHECK(back.first_problem->level == RowLevel::Warning);
    CHECK(back.first_problem->reasons == std::vector<std::string>{"Max diff large", "NaN in NPU"});
    CHECK(back.first_problem->stack_frame == "File model.py, line 12, in forward, y = self.fc(x)");
}

TEST_CASE("pair outcome message: an outcome without problem or files", "[rank_spread][pair_outcome_message]") {
    PairOutcome outcome;
    outcome.rows = 7;
    outcome.passed = 7;
    const json message = pair_outcome_message(outcome);
    CHECK(message == json{{"label", ""}, {"rows", 7}, {"passed", 7}, {"warnings", 0}, {"errors", 0},
                          {"written", json::array()}});
    const PairOutcome back = sent(outcome);
    CHECK(back.label.empty());
    CHECK(back.rows == 7);
    CHECK(back.written.empty());
    CHECK_FALSE(back.first_problem.has_value());
}

TEST_CASE("pair outcome message: its form", "[rank_spread][pair_outcome_message]") {
    const json message = pair_outcome_message(outcome_with_problem());
    CHECK(message.at("written") ==
          json::array({"/out/compare_result_rank3_20260101000000.xlsx", "/out/\xff\xfe/advisor_rank3.txt"}));
    CHECK(message.at("first_problem") == json{{"npu_name", "Functional.linear.2.forward.output.0"},
                                              {"level", 1},
                                              {"reasons", {"Max diff large", "NaN in NPU"}},
                                              {"stack_frame", "File model.py, line 12, in forward, y = self.fc(x)"}});
    json error = message;
    error["first_problem"]["level"] = 2;
    CHECK(pair_outcome_from_message(error).first_problem->level == RowLevel::Error);
}

TEST_CASE("pair outcome message: a message missing a field or of the wrong type is refused",
          "[rank_spread][pair_outcome_message]") {
    const json message = pair_outcome_message(outcome_with_problem());
    for (const char* field : {"label", "rows", "passed", "warnings", "errors", "written"}) {
        CAPTURE(field);
        json missing = message;
        missing.erase(field);
        CHECK_THROWS_AS(pair_outcome_from_message(missing), json::out_of_range);
    }
    json no_frame = message;
    no_frame["first_problem"].erase("stack_frame");
    CHECK_THROWS_AS(pair_outcome_from_message(no_frame), json::out_of_range);
    json text_rows = message;
    text_rows["rows"] = "120";
    CHECK_THROWS_AS(pair_outcome_from_message(text_rows), json::type_error);
}
