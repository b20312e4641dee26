#pragma once
// The (key, value) pairs of one port item as msprobe exports them, packed in
// one string: each pair is <length><key><tag><value>, lengths as LEB128 varints
// (one byte below 128). A value is its final text, or a float kept as its 8
// bytes and formatted when the row is written (rounded, or in full for
// VisDbFormat::full_floats), so reading a dump formats nothing the writer's threads can format.
// A graph has about five items per node and ten pairs per item, so a vector of
// string pairs would cost several times the text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

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
            const std::string_view key = next_text(at);
            const FieldValue value = next_value(at);
            f(key, value);
        }
    }

private:
    std::string_view next_text(std::size_t& at) const;
    FieldValue next_value(std::size_t& at) const;

    std::string packed_;
};

}  // namespace msprobe::graph
