#pragma once
// Compares one NPU dump file with one bench dump file into a result table.
#include <filesystem>
#include <optional>

#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare/result_table.hpp"

namespace msprobe::compare {

struct PairInput {
    std::filesystem::path npu_json;
    std::filesystem::path bench_json;
    std::optional<std::filesystem::path> stack_json;  // set when the stack column is wanted
    std::filesystem::path stack_json_for_summary;     // the NPU stack.json if any, column or not
};

ResultTable compare_pair(const PairInput& input, const CompareOptions& options, ThreadPool& pool);

}  // namespace msprobe::compare
