#include "graph/node_kind.hpp"

#include <array>

namespace msprobe::graph {

namespace {

// msprobe tests these with regexes whose '.' is a wildcard: "Module." also
// accepts "ModuleX"; a prefix here ends in '?' for that wildcard character.
bool starts_with_pattern(std::string_view id, std::string_view pattern) {
    if (id.size() < pattern.size()) return false;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '?' && pattern[i] != id[i]) return false;
    }
    return true;
}

}  // namespace

NodeKind node_kind_of(std::string_view id) {
    static constexpr std::array<std::string_view, 4> kModules = {"Module?", "Cell?", "optimizer", "clip_grad"};
    static constexpr std::array<std::string_view, 12> kApis = {
        "Tensor?", "Torch?", "Functional?", "NPU?", "VF?", "Distributed?",
        "Aten?", "Mint?", "Primitive?", "Jit?", "MintFunctional?", "MindSpeed?"};
    for (const auto pattern : kModules) {
        if (starts_with_pattern(id, pattern)) return NodeKind::Module;
    }
    for (const auto pattern : kApis) {
        if (starts_with_pattern(id, pattern)) return NodeKind::Api;
    }
    return NodeKind::Module;
}

}  // namespace msprobe::graph
