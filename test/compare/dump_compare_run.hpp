#pragma once
// The dump.json compare a compare.json asks for (two dump files or two step
// directories), run on a pool of its own.
#include <variant>

#include "common/thread_pool.hpp"
#include "compare_request/compare_job.hpp"
#include "compare_request/compare_request.hpp"

namespace msprobe::testing {

inline compare::CompareSummary run_dump_compare(const compare::CompareOptions& options, unsigned threads = 2) {
    ThreadPool pool(threads);
    const compare::CompareRequest request = compare::read_compare_request(options.input_path);
    if (const auto* files = std::get_if<compare::DumpFilePair>(&request)) {
        return compare::run_dump_pair_compare(*files, options, pool);
    }
    return compare::run_step_dirs_compare(std::get<compare::StepDirs>(request), options, pool);
}

}  // namespace msprobe::testing
