#pragma once
// The chain of modules around a dump entry, up construct.json's parents,
// outermost first and ending with the entry itself. One linear walk; the
// commands that print a chain differ in how it ends, so those rules are options.
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "dump/construct_parents.hpp"

namespace msprobe::dump {

struct ConstructChainRules {
    // Whether an empty parent name is a node of the chain (and is looked up in
    // turn) or means "no parent".
    bool empty_name_is_a_node = false;
    // Whether the walk ends when it reaches a node it has seen (a cycle), or
    // goes round the cycle until max_nodes.
    bool stop_at_repeat = true;
    // The longest chain returned (the entry itself included).
    std::size_t max_nodes = std::numeric_limits<std::size_t>::max();

    // nan_analyze: "" is no parent, a cycle ends at its first repeat, no length limit.
    static ConstructChainRules nan_analyze() { return {}; }
    // parse: "" is a module name like any other, a cycle is followed, at most 1000 nodes.
    static ConstructChainRules parse() { return {true, false, 1000}; }
};

// The chain of `node` in `construct`, outermost first; `node` alone when it has no parent.
std::vector<std::string> construct_chain(const ConstructParents& construct, std::string_view node,
                                         const ConstructChainRules& rules);

}  // namespace msprobe::dump
