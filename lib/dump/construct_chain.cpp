#include "dump/construct_chain.hpp"

#include <algorithm>
#include <unordered_set>

namespace msprobe::dump {

std::vector<std::string> construct_chain(const ConstructParents& construct, std::string_view node,
                                         const ConstructChainRules& rules) {
    std::vector<std::string> chain;
    std::unordered_set<std::string_view> visited;
    std::string_view current = node;
    while (chain.size() < rules.max_nodes) {
        chain.emplace_back(current);
        if (rules.stop_at_repeat) visited.insert(current);
        const auto name = construct.parent_of(current);
        if (!name || (name->empty() && !rules.empty_name_is_a_node)) break;
        if (rules.stop_at_repeat && visited.count(*name) != 0) break;
        current = *name;
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

}  // namespace msprobe::dump
