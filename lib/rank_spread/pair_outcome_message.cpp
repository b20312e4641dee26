#include "rank_spread/pair_outcome_message.hpp"

namespace msprobe::compare {

nlohmann::json pair_outcome_message(const PairOutcome& outcome) {
    nlohmann::json message = {{"label", outcome.label},       {"rows", outcome.rows},
                              {"passed", outcome.passed},     {"warnings", outcome.warnings},
                              {"errors", outcome.errors},     {"written", nlohmann::json::array()}};
    if (outcome.unjudged > 0) message["unjudged"] = outcome.unjudged;  // absent when none, as most compares have
    for (const auto& path : outcome.written) message["written"].push_back(path.string());
    if (const auto& problem = outcome.first_problem) {
        message["first_problem"] = {{"npu_name", problem->npu_name},
                                    {"level", static_cast<int>(problem->level)},
                                    {"reasons", problem->reasons},
                                    {"stack_frame", problem->stack_frame}};
    }
    return message;
}

PairOutcome pair_outcome_from_message(const nlohmann::json& message) {
    PairOutcome outcome;
    outcome.label = message.at("label").get<std::string>();
    outcome.rows = message.at("rows").get<std::size_t>();
    outcome.passed = message.at("passed").get<std::size_t>();
    outcome.warnings = message.at("warnings").get<std::size_t>();
    outcome.errors = message.at("errors").get<std::size_t>();
    outcome.unjudged = message.value("unjudged", std::size_t{0});
    for (const auto& path : message.at("written")) outcome.written.emplace_back(path.get<std::string>());
    if (message.contains("first_problem")) {
        const auto& problem = message.at("first_problem");
        outcome.first_problem = FirstProblem{problem.at("npu_name").get<std::string>(),
                                             static_cast<RowLevel>(problem.at("level").get<int>()),
                                             problem.at("reasons").get<std::vector<std::string>>(),
                                             problem.at("stack_frame").get<std::string>()};
    }
    return outcome;
}

}  // namespace msprobe::compare
