#include "dump/python_equality.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <string_view>
#include <variant>

namespace msprobe::dump {

namespace {

// A JSON scalar as Python sees it after json.loads: bool is an int, integers are exact, the rest float.
// Integers above int64's range are the only ones kept as uint64.
using PyNumber = std::variant<std::int64_t, std::uint64_t, double>;

bool is_numeric(JsonView v) { return v.is_number() || v.is_bool(); }

PyNumber py_number(JsonView v) {
    if (v.is_bool()) return std::int64_t{*v.boolean() ? 1 : 0};
    if (const auto i = v.integer(); i && !v.is_double()) return *i;
    if (const auto u = v.uint64(); u && !v.is_double()) return *u;
    return *v.number();
}

// Python compares an int and a float exactly: only an integral float within range can be equal.
bool int_equals_float(std::int64_t i, double d) {
    if (std::trunc(d) != d || d < -9223372036854775808.0 || d >= 9223372036854775808.0) return false;
    return static_cast<std::int64_t>(d) == i;
}

bool uint_equals_float(std::uint64_t u, double d) {
    if (std::trunc(d) != d || d < 0.0 || d >= 18446744073709551616.0) return false;
    return static_cast<std::uint64_t>(d) == u;
}

struct NumberEquality {
    bool operator()(std::int64_t a, std::int64_t b) const { return a == b; }
    bool operator()(std::uint64_t a, std::uint64_t b) const { return a == b; }
    bool operator()(double a, double b) const { return a == b; }
    bool operator()(std::int64_t a, double b) const { return int_equals_float(a, b); }
    bool operator()(double a, std::int64_t b) const { return int_equals_float(b, a); }
    bool operator()(std::uint64_t a, double b) const { return uint_equals_float(a, b); }
    bool operator()(double a, std::uint64_t b) const { return uint_equals_float(b, a); }
    bool operator()(std::int64_t, std::uint64_t) const { return false; }  // uint64 only holds values above int64's
    bool operator()(std::uint64_t, std::int64_t) const { return false; }
};

bool is_omitted(std::string_view name, std::initializer_list<std::string_view> omitted) {
    for (const auto o : omitted) {
        if (o == name) return true;
    }
    return false;
}

std::size_t kept_member_count(JsonView object, std::initializer_list<std::string_view> omitted) {
    std::size_t n = 0;
    for (const auto& member : object.members()) n += is_omitted(member.name, omitted) ? 0 : 1;
    return n;
}

std::size_t combine(std::size_t seed, std::size_t h) {
    return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace

bool python_equal(JsonView a, JsonView b, std::initializer_list<std::string_view> omitted) {
    if (!a.present() || !b.present()) return a.present() == b.present();
    if (is_numeric(a) || is_numeric(b)) {
        return is_numeric(a) && is_numeric(b) && std::visit(NumberEquality{}, py_number(a), py_number(b));
    }
    if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
    if (a.is_string() || b.is_string()) return a.is_string() && b.is_string() && a.text() == b.text();
    if (a.is_array() != b.is_array()) return false;
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!python_equal(a.item(i), b.item(i))) return false;
        }
        return true;
    }
    if (kept_member_count(a, omitted) != kept_member_count(b, omitted)) return false;
    for (const auto& member : a.members()) {
        if (is_omitted(member.name, omitted)) continue;
        const auto other = b.member(member.name);
        if (!other.present() || !python_equal(member.value, other)) return false;
    }
    return true;
}

std::size_t python_hash(JsonView value, std::initializer_list<std::string_view> omitted) {
    if (!value.present() || value.is_null()) return 0;
    if (is_numeric(value)) {
        // Equal numbers are equal as doubles (-0.0 folded into 0.0); unequal large integers may collide.
        const double d = std::visit([](auto n) { return static_cast<double>(n); }, py_number(value));
        return std::hash<double>{}(d == 0.0 ? 0.0 : d);
    }
    if (value.is_string()) return std::hash<std::string_view>{}(value.text());
    if (value.is_array()) {
        std::size_t h = 1;
        for (const auto item : value.items()) h = combine(h, python_hash(item));
        return h;
    }
    std::size_t h = 2;  // an object: the sum does not depend on member order
    for (const auto& member : value.members()) {
        if (is_omitted(member.name, omitted)) continue;
        h += combine(std::hash<std::string_view>{}(member.name), python_hash(member.value));
    }
    return h;
}

}  // namespace msprobe::dump
