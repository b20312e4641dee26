#include "graph/unknown_node_names.hpp"

#include <fmt/format.h>

#include "common/log.hpp"
#include "common/printable.hpp"
#include "graph/node_kind.hpp"

namespace msprobe::graph {

void UnknownNodeNames::note(std::string_view id) {
    if (is_known_node_name(id, august_) || !reported_.emplace(id).second) return;
    const std::string message =
        fmt::format("Cannot parse node_name {} into NodeOp, default parsing as module.", printable(std::string(id)));
    if (august_) {
        log::debug(message);
    } else {
        log::warning(message);
    }
}

}  // namespace msprobe::graph
