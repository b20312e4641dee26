#pragma once
// run_graph as the command lines run it, for the graph tests: on a pool of its
// own (one thread).
#include <filesystem>

#include "common/thread_pool.hpp"
#include "graph/graph_job.hpp"

namespace msprobe::testing {

inline std::filesystem::path run_graph(const graph::GraphOptions& options) {
    ThreadPool pool(1);
    return graph::run_graph(options, pool);
}

}  // namespace msprobe::testing
