#pragma once
// A port item keeps its leaf (the object the dump wrote for it) as compact
// JSON text rather than a view into dump.json's values, so that those are
// released once a graph is built: a graph then costs its nodes and items only.
// The few readers of a leaf's own fields parse it back.
#include <string>
#include <string_view>

#include "dump/json_view.hpp"
#include "dump/parsed_json_text.hpp"
#include "graph/port_item.hpp"

namespace msprobe::graph {

// `leaf` as compact JSON in msprobe's dialect (NaN/Infinity tokens, doubles that
// read back exactly). A name an object repeats is kept once, at its first place
// with its last value, as Python's json reads it.
std::string compact_leaf_json(dump::JsonView leaf);

// A port item's leaf, parsed.
class LeafObject {
public:
    explicit LeafObject(const PortItem& item) : parsed_(item.leaf.value_or_empty()) {}

    // The leaf's object; empty for None items and leaves that are not objects.
    dump::JsonView get() const { return parsed_.root().is_object() ? parsed_.root() : dump::JsonView(); }
    // The member `name` of the object, empty when absent (or no object).
    dump::JsonView member(std::string_view name) const { return parsed_.root().member(name); }

private:
    dump::ParsedJsonText parsed_;
};

}  // namespace msprobe::graph
