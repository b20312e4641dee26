#include "graph/unknown_node_names.hpp"

#include <fmt/format.h>

#include "common/printable.hpp"

namespace msprobe::graph {

void UnknownNodeNames::note(std::string_view id) {
    if (is_known_node_name(id, known_) || !reported_.emplace(id).second) return;
    log::write(level_, fmt::format("Cannot parse node_name {} into NodeOp, default parsing as module.",
                                   printable(std::string(id))));
}

}  // namespace msprobe::graph
