#pragma once
// A port item keeps its leaf (the object the dump wrote for it) as compact
// JSON text rather than a pointer into dump.json's DOM, so that the DOM and
// the file's text are released once a graph is built: a graph then costs its
// nodes and items only. The few readers of a leaf's own fields parse it back.
#include <cstddef>
#include <string>

#include <rapidjson/document.h>

#include "graph/port_item.hpp"

namespace msprobe::graph {

// `leaf` as compact JSON in msprobe's dialect (NaN/Infinity tokens, doubles that
// read back exactly). A name an object repeats is kept once, at its first place
// with its last value, as Python's json reads it.
std::string compact_leaf_json(const rapidjson::Value& leaf);

// A port item's leaf, parsed.
class LeafObject {
public:
    explicit LeafObject(const PortItem& item);
    LeafObject(const LeafObject&) = delete;
    LeafObject& operator=(const LeafObject&) = delete;

    // The leaf's object; nullptr for None items and leaves that are not objects.
    const rapidjson::Value* get() const { return object_; }
    // The member `name` of the object, nullptr when absent (or no object).
    const rapidjson::Value* member(const char* name) const;

private:
    std::string text_;  // parsed in place: strings point into it
    // Most leaves are a few hundred bytes: their values fit in this buffer.
    alignas(std::max_align_t) char pool_[2048];
    rapidjson::MemoryPoolAllocator<> allocator_;
    rapidjson::Document document_;
    const rapidjson::Value* object_ = nullptr;
};

}  // namespace msprobe::graph
