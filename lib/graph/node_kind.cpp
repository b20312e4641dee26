#include "graph/node_kind.hpp"

#include <algorithm>
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

constexpr std::array<std::string_view, 4> kModules = {"Module?", "Cell?", "optimizer", "clip_grad"};
constexpr std::array<std::string_view, 12> kApis = {"Tensor?",    "Torch?",       "Functional?",     "NPU?",
                                                    "VF?",        "Distributed?", "Aten?",           "Mint?",
                                                    "Primitive?", "Jit?",         "MintFunctional?", "MindSpeed?"};

template <std::size_t N>
bool matches_any(std::string_view id, const std::array<std::string_view, N>& patterns) {
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](std::string_view pattern) { return starts_with_pattern(id, pattern); });
}

}  // namespace

NodeKind node_kind_of(std::string_view id) {
    if (matches_any(id, kModules)) return NodeKind::Module;
    if (matches_any(id, kApis)) return NodeKind::Api;
    return NodeKind::Module;
}

bool is_known_node_name(std::string_view id, KnownNames known) {
    return matches_any(id, kModules) || matches_any(id, kApis) ||
           (known == KnownNames::PatternsAndRoot && id.rfind("DefaultModel", 0) == 0);
}

}  // namespace msprobe::graph
