#pragma once
// run_graph as the command lines run it, for the graph tests: on a pool of its
// own (one thread), with the behaviour of one of msprobe's two graph commands.
#include <filesystem>

#include "common/thread_pool.hpp"
#include "graph/graph_behaviour.hpp"
#include "graph/graph_job.hpp"

namespace msprobe::testing {

inline std::filesystem::path run_graph(const graph::GraphOptions& options) {
    ThreadPool pool(1);
    return graph::run_graph(options, pool);
}

// msprobe's graph_visualize's behaviour when `visualize`, else its graph's.
inline graph::GraphBehaviour command_behaviour(bool visualize) {
    return visualize ? graph::graph_visualize_behaviour() : graph::graph_command_behaviour();
}

}  // namespace msprobe::testing
