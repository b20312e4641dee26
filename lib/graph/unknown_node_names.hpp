#pragma once
// msprobe takes a construct.json name that none of its patterns know for a
// module and says so: msprobe's graph warns, its graph_visualize (whose
// module pattern also knows DefaultModel, the root's name, which a
// construct.json may name as a parent) writes a debug line.
#include <string>
#include <string_view>
#include <unordered_set>

#include "common/log.hpp"
#include "graph/node_kind.hpp"

namespace msprobe::graph {

class UnknownNodeNames {
public:
    UnknownNodeNames(KnownNames known, log::Level level) : known_(known), level_(level) {}
    // Logs an unknown name once per graph (msprobe repeats it at every lookup).
    void note(std::string_view id);

private:
    KnownNames known_;
    log::Level level_;
    std::unordered_set<std::string> reported_;
};

}  // namespace msprobe::graph
