#pragma once
// The compare a compare.json asks for, run on a pool of its own through the
// one dispatch of request flavours (compare_run).
#include "common/thread_pool.hpp"
#include "compare_request/compare_request.hpp"
#include "compare_run/request_run.hpp"

namespace msprobe::testing {

inline compare::CompareSummary run_dump_compare(const compare::CompareOptions& options, unsigned threads = 2) {
    ThreadPool pool(threads);
    return compare::run_compare_request(compare::read_compare_request(options.input_path), options, pool);
}

}  // namespace msprobe::testing
