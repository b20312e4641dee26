#pragma once
// What the MindSpore checker found for one API (one key of msprobe's api_infos, e.g. "Mint.add.0"): the
// compared output rows of each direction, or why a direction was skipped.
#include <optional>
#include <string>
#include <vector>

#include "ms_api_check/compare_algorithms.hpp"

namespace msprobe::ms_api_check {

// One row of the details file: an output slot, "<api>.<forward|backward>.output.<i>".
struct OutputRow {
    std::string name;
    std::string bench_dtype;
    std::string tested_dtype;
    std::string shape;  // the bench output's, as Python prints the tuple
    OutputComparison comparison;
};

struct DirectionOutcome {
    std::vector<OutputRow> rows;
    std::optional<std::string> skipped;  // msprobe's exception skip: SKIP and this text in Message
};

struct ApiOutcome {
    std::string api_name;
    DirectionOutcome forward;
    DirectionOutcome backward;
};

}  // namespace msprobe::ms_api_check
