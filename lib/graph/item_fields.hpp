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
#include <utility>

#include "common/byte_buffer.hpp"

namespace msprobe::graph {

struct FieldValue {
    std::string_view text;  // when not a float
    bool is_float = false;
    double number = 0;

    // The value's text; a float is formatted as item_text's float_text(number, round).
    std::string rendered(bool round) const;
};

// Packed pairs read in place: an item's, or an ItemFields' view().
class ItemFieldsView {
public:
    ItemFieldsView() = default;
    explicit ItemFieldsView(std::string_view packed) : packed_(packed) {}

    std::optional<FieldValue> find(std::string_view key) const;
    bool empty() const { return packed_.empty(); }
    std::size_t bytes() const { return packed_.size(); }
    std::string_view packed() const { return packed_; }

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

    std::string_view packed_;
};

// Pairs being packed: a list made before it is stored (a port item keeps only the bytes), or changed.
class ItemFields {
public:
    ItemFields() = default;
    // A copy of `view`'s pairs.
    explicit ItemFields(ItemFieldsView view) { packed_.append(view.packed()); }

    // Drops the pairs and keeps the room: a scratch list, copied (to exactly its size) once made.
    void clear() { packed_.clear(); }
    std::size_t bytes() const { return packed_.size(); }

    // Appends a pair (the caller keeps keys unique).
    void add(std::string_view key, std::string_view text);
    void add_float(std::string_view key, double number);
    void add(std::string_view key, const FieldValue& value);
    // Replaces the value of `key` in place, or appends the pair.
    void set(std::string_view key, const FieldValue& value);
    std::optional<FieldValue> find(std::string_view key) const { return view().find(key); }
    bool empty() const { return packed_.empty(); }

    ItemFieldsView view() const { return ItemFieldsView(packed_.view()); }
    // Calls f(key, value) for each pair, in order.
    template <typename F>
    void for_each(F&& f) const {
        view().for_each(std::forward<F>(f));
    }

private:
    ByteBuffer packed_;
};

}  // namespace msprobe::graph
