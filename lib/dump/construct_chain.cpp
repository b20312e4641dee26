#include "dump/construct_chain.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace msprobe::dump {

std::vector<std::string> construct_chain(JsonView construct, std::string_view node, const ConstructChainRules& rules) {
    // One pass to index the members, so a chain through many modules stays linear.
    std::unordered_map<std::string_view, JsonView> parents;
    parents.reserve(construct.is_object() ? construct.size() : 0);
    for (const JsonMember& m : construct.members()) parents.try_emplace(m.name, m.value);  // the first one counts

    std::vector<std::string> chain;
    std::unordered_set<std::string_view> visited;
    std::string_view current = node;
    while (chain.size() < rules.max_nodes) {
        chain.emplace_back(current);
        if (rules.stop_at_repeat) visited.insert(current);
        const auto found = parents.find(current);
        if (found == parents.end()) break;
        JsonView parent = found->second;
        if (parent.is_array()) parent = parent.item(0);  // [parent, micro_step]
        const auto name = parent.string();
        if (!name || (name->empty() && !rules.empty_name_is_a_node)) break;
        if (rules.stop_at_repeat && visited.count(*name) != 0) break;
        current = *name;
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

}  // namespace msprobe::dump
