#pragma once
// Layer mapping, step one: every dump entry of one
// side decomposed into where it sits in the model — its layer scope (from its
// own name or its construct.json parent), the framework function it was called
// from (stack.json), and the resulting full scope.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "dump/construct_parents.hpp"

namespace msprobe::mapping {

struct LayerItem {
    std::string key;        // the dump entry, e.g. Functional.conv2d.0.forward
    std::string api_type;   // Cell, Module, parameters_grad, or the API prefix
    std::string api_name;   // instance name of a layer, API name otherwise
    std::string type_name;  // class name of a layer, API name otherwise
    std::string state;      // forward, backward, parameters_grad
    std::string layer_scope;
    std::string frame_stack_scope;
    std::string full_scope;
};

struct LayerSide {
    bool pytorch = false;          // decides where the stack window ends
    std::string stack_file;        // for error messages
    std::string construct_file;
    nlohmann::json stack;          // object: entry → frame lines
    dump::ConstructParents construct;
};

// Items of every entry in `keys` (dump order), after the backward and the
// ParallelTransformer renumbering passes. Throws msprobe::Error on malformed names or stacks.
std::vector<LayerItem> layer_items(const std::vector<std::string>& keys, const LayerSide& side);

}  // namespace msprobe::mapping
