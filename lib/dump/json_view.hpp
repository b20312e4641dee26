#pragma once
// A read-only, non-owning view of one value of a parsed msprobe JSON file.
// dump::JsonFile owns the text and the tree; a view points into them and is
// valid as long as that file is. Readers ask typed questions and never see
// the parser: an absent member is an empty view, so a chain like
// `entry.member("input_kwargs").member("dst")` needs no checks on the way.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <type_traits>

#include <rapidjson/fwd.h>

namespace msprobe::dump {

struct JsonMember;

class JsonView {
public:
    JsonView() = default;
    // Implicit, so code holding the parser's value (lib/dump, tests) passes it straight on.
    JsonView(const rapidjson::Value& value) : value_(&value) {}  // NOLINT(google-explicit-constructor)

    bool present() const { return value_ != nullptr; }
    explicit operator bool() const { return present(); }

    bool is_null() const;
    bool is_bool() const;
    bool is_number() const;   // any number token, NaN and Infinity included
    bool is_double() const;   // written with a fraction, an exponent, or NaN/Infinity
    bool is_integer() const;  // an integer token that fits in int64
    bool is_uint64() const;   // an integer token that fits in uint64
    bool is_string() const;
    bool is_array() const;
    bool is_object() const;

    std::optional<bool> boolean() const;
    std::optional<double> number() const;          // any number, as a double
    std::optional<std::int64_t> integer() const;   // an integer token that fits in int64
    std::optional<std::int32_t> int32() const;     // an integer token that fits in int32
    std::optional<std::uint64_t> uint64() const;   // an integer token that fits in uint64
    std::optional<std::string_view> string() const;
    std::string_view text() const { return string().value_or(std::string_view()); }  // "" unless a string
    // Python's bool() of the value: false when absent, null, false, 0, "", [] or {}.
    bool truthy() const;

    // The member `key` of an object; empty when absent or not an object.
    JsonView member(std::string_view key) const;
    bool has_member(std::string_view key) const { return member(key).present(); }

    // Members of an object, items of an array (0 for anything else).
    std::size_t size() const;
    JsonView item(std::size_t index) const;  // empty when out of range or not an array
    JsonMember member_at(std::size_t index) const;

    template <typename Element>
    class Range;
    Range<JsonMember> members() const;  // in file order; empty unless an object
    Range<JsonView> items() const;      // empty unless an array

    // The parser's value, for lib/dump code that copies or renders it whole.
    const rapidjson::Value* raw() const { return value_; }

private:
    const rapidjson::Value* value_ = nullptr;
};

struct JsonMember {
    std::string_view name;
    JsonView value;
};

template <typename Element>
class JsonView::Range {
public:
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = Element;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Element;

        iterator() = default;
        iterator(JsonView parent, std::size_t index) : parent_(parent), index_(index) {}
        Element operator*() const {
            if constexpr (std::is_same_v<Element, JsonMember>) {
                return parent_.member_at(index_);
            } else {
                return parent_.item(index_);
            }
        }
        iterator& operator++() {
            ++index_;
            return *this;
        }
        iterator operator++(int) {
            iterator before = *this;
            ++index_;
            return before;
        }
        bool operator==(const iterator& other) const { return index_ == other.index_; }

    private:
        JsonView parent_;
        std::size_t index_ = 0;
    };

    Range(JsonView parent, std::size_t size) : parent_(parent), size_(size) {}
    iterator begin() const { return {parent_, 0}; }
    iterator end() const { return {parent_, size_}; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

private:
    JsonView parent_;
    std::size_t size_;
};

inline JsonView::Range<JsonMember> JsonView::members() const { return {*this, is_object() ? size() : 0}; }
inline JsonView::Range<JsonView> JsonView::items() const { return {*this, is_array() ? size() : 0}; }

}  // namespace msprobe::dump
