#pragma once
// The (key, value) pairs of one port item as msprobe exports them, packed in
// one string of exactly their size: each pair is <key><value>. A key is one
// byte naming a common key ("dtype", "Max diff", ...) or 0, a LEB128 length
// and the text. A value is one byte naming a common text ("torch.float32",
// "True", "-1", ...), a text tag with its length and bytes, or a float tag with
// its 4 or 8 bytes (packed_number), formatted when the row is written (rounded,
// or in full for VisDbFormat::full_floats), so reading a dump formats nothing
// the writer's threads can format. A graph has about five items per node and ten pairs per
// item: the common keys and texts are most of an item's bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "common/byte_buffer.hpp"

namespace msprobe::graph {

struct FieldValue {
    std::string_view text;  // when not a float
    bool is_float = false;
    double number = 0;

    // The value's text; a float is formatted as item_text's float_text(number, round).
    std::string rendered(bool round) const;
};

class ItemFields {
public:
    ItemFields() = default;
    // Room for about `bytes` of pairs, so that adding them allocates once.
    explicit ItemFields(std::size_t bytes) { packed_.reserve(bytes); }

    // Gives back the room beyond the pairs (a graph keeps its items' fields to the end).
    void shrink() { packed_.shrink_to_fit(); }
    // Drops the pairs and keeps the room: a scratch list, copied (to exactly its size) once made.
    void clear() { packed_.clear(); }
    // Appends `more`'s pairs, in a block of exactly their size (the caller keeps keys unique).
    void append(const ItemFields& more) {
        packed_.reserve(packed_.size() + more.packed_.size());
        packed_.append(more.packed_.view());
    }
    std::size_t bytes() const { return packed_.size(); }

    // Appends a pair (the caller keeps keys unique).
    void add(std::string_view key, std::string_view text);
    void add_float(std::string_view key, double number);
    void add(std::string_view key, const FieldValue& value);
    // Replaces the value of `key` in place, or appends the pair.
    void set(std::string_view key, const FieldValue& value);
    std::optional<FieldValue> find(std::string_view key) const;
    bool empty() const { return packed_.empty(); }

    // Calls f(key, value) for each pair, in order.
    template <typename F>
    void for_each(F&& f) const {
        std::size_t at = 0;
        while (at < packed_.size()) {
            const std::string_view key = next_key(at);
            const FieldValue value = next_value(at);
            f(key, value);
        }
    }

private:
    std::string_view next_key(std::size_t& at) const;
    FieldValue next_value(std::size_t& at) const;

    ByteBuffer packed_;
};

}  // namespace msprobe::graph
