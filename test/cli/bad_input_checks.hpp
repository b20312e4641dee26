#pragma once
// What the end-to-end tests of bad input share: the smallest valid dump and
// the contract every refusal must meet (exit 2, one line naming the file and
// the reason).
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "msprobe_process.hpp"

namespace msprobe::testing {

// A one-API statistics dump.json that every subcommand accepts.
inline constexpr const char* kOneApiStatisticsDump =
    R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null,
 "data": {"Functional.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32",
   "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}], "input_kwargs": {},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0,
   "Mean": 0.5, "Norm": 1.0, "requires_grad": false}]}}})";

// Exit 2 and exactly one line on stderr holding every part.
inline void require_one_line_error(const ProcessResult& r, const std::vector<std::string>& parts) {
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    for (const auto& part : parts) CHECK(r.err.find(part) != std::string::npos);
}

}  // namespace msprobe::testing
