#pragma once
// parameters_grad entries of dump.json become Module nodes under the last
// backward node of their module; without one (torch 1.13 dumps) they are dropped.
#include <string>

#include <rapidjson/fwd.h>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

void add_parameter_gradients(ModelGraph& graph, const rapidjson::Value& data, const std::string& file);

}  // namespace msprobe::graph
