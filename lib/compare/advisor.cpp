#include "compare/advisor.hpp"

#include <fmt/format.h>

#include <array>
#include <fstream>
#include <string_view>

#include "common/error.hpp"
#include "common/log.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

namespace {

constexpr const char* kAllPass = "All data in comparison result meets the accuracy requirements.";
constexpr const char* kForwardInput =
    "1. Analyze the model to view the input source.\n2. Check whether an inplace API causes the output result to "
    "overwrite the input result. That is, the fault is actually caused by a computation error.\n3. The fault may be "
    "caused by memory corruption and further analysis is required.";
constexpr const char* kForwardOutput = "This is a forward API computation error. Check the computation implementation.";
constexpr const char* kBackwardInput = "Check whether the forward computation result is affected.";
constexpr const char* kBackwardOutput =
    "This is a backward API computation error. Check the computation implementation.";
constexpr const char* kDeterministic =
    "This torch api may be uncertainty in the calculation, can seed_all(mode=True) to enable deterministic "
    "computing.";
constexpr const char* kBatchNorm =
    "Torch API batch_norm input not fixed, the following suggestions may fix it:\n1. If use "
    "torch.nn.functional.batch_norm, you can set parameter training=False.\n2. If use torch.nn.BatchNormXXX, you can "
    "set parameter affine=False.\n3. Use seed_all(mode=True) to enable deterministic computing.";

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string advice_for(std::string_view name) {
    static constexpr std::array<std::string_view, 6> kNonDeterministic = {"conv2d",   "conv3d",     "matmul",
                                                                         "nll_loss", "layer_norm", "lstm"};
    auto uncertain = [&] {
        for (auto api : kNonDeterministic) {
            if (contains(name, api)) return true;
        }
        return false;
    };
    std::string advice;
    if (contains(name, "forward")) {
        advice = contains(name, "input") ? kForwardInput : (uncertain() ? kDeterministic : kForwardOutput);
    } else {
        advice = contains(name, "input") ? kBackwardInput : (uncertain() ? kDeterministic : kBackwardOutput);
    }
    // msprobe tests the legacy underscore spelling here, so this never fires on current names.
    if (contains(name, "Functional_batch_norm") && contains(name, "forward_input.1")) advice = kBatchNorm;
    return advice;
}

}  // namespace

std::string Advice::file_text() const {
    return "Line: " + line + "\nSuspect Nodes: " + suspect_nodes + "\nExpert Advice: " + expert_advice + "\n";
}

FailingCriterion failing_criterion(const ResultTable& result) {
    switch (result.mode) {
        case CompareMode::All: return {"Accuracy Reached or Not", "No"};
        case CompareMode::Md5: return {"Result", "Different"};
        case CompareMode::Summary: break;
    }
    return {"Result", "Warning"};
}

std::vector<std::size_t> failing_rows(const ResultTable& result) {
    const auto criterion = failing_criterion(result);
    const int column = result.column(criterion.column);
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; column >= 0 && i < result.table.rows.size(); ++i) {
        const auto& cell = result.table.rows[i][static_cast<std::size_t>(column)];
        if (cell.is_text() && cell.text() == criterion.failing_text) rows.push_back(i);
    }
    return rows;
}

std::string advice_for_name(std::string_view npu_name) { return advice_for(npu_name); }

void stage_advice_file(const Advice& advice, const std::filesystem::path& path, report::StagedFiles& staged) {
    log::info(fmt::format("Line: {}", advice.line));
    log::info(fmt::format("Suspect Nodes: {}", advice.suspect_nodes));
    log::info(fmt::format("Expert Advice: {}", advice.expert_advice));
    staged.stage_text(path, advice.file_text());
}

void AdviceTally::add(const ResultTable& part) {
    if (!first_row_) {
        const auto failing = failing_rows(part);
        if (!failing.empty()) {
            first_row_ = rows_seen_ + failing.front();
            first_name_ = std::string(part.table.rows[failing.front()][0].text());
        }
    }
    rows_seen_ += part.table.rows.size();
}

Advice AdviceTally::finish() const {
    if (!first_row_) return {"NA", "NA", kAllPass};
    return {std::to_string(*first_row_), first_name_, advice_for(first_name_)};
}

Advice advise(const ResultTable& result) {
    AdviceTally tally;
    tally.add(result);
    return tally.finish();
}

}  // namespace msprobe::compare
