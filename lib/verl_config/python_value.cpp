#include "verl_config/python_value.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "common/python_text.hpp"

namespace msprobe::verl_config {

PyValue PyValue::boolean(bool value) {
    PyValue v;
    v.kind = Kind::Bool;
    v.integer = value ? 1 : 0;
    return v;
}

PyValue PyValue::number(std::int64_t value) {
    PyValue v;
    v.kind = Kind::Int;
    v.integer = value;
    return v;
}

PyValue PyValue::floating(double value) {
    PyValue v;
    v.kind = Kind::Float;
    v.real = value;
    return v;
}

PyValue PyValue::string(std::string value) {
    PyValue v;
    v.kind = Kind::Str;
    v.text = std::move(value);
    return v;
}

PyValue PyValue::dict() {
    PyValue v;
    v.kind = Kind::Dict;
    return v;
}

void PyValue::set_item(PyValue key, PyValue value) {
    for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
        if (python_equal(items[i], key)) {
            items[i + 1] = std::move(value);
            return;
        }
    }
    items.push_back(std::move(key));
    items.push_back(std::move(value));
}

namespace {

bool is_number(const PyValue& v) {
    return v.kind == PyValue::Kind::Bool || v.kind == PyValue::Kind::Int || v.kind == PyValue::Kind::Float;
}

// Python compares an int with a float exactly.
bool numbers_equal(const PyValue& a, const PyValue& b) {
    const bool a_float = a.kind == PyValue::Kind::Float;
    const bool b_float = b.kind == PyValue::Kind::Float;
    if (!a_float && !b_float) return a.integer == b.integer;
    if (a_float && b_float) return a.real == b.real;
    const double real = a_float ? a.real : b.real;
    const std::int64_t integer = a_float ? b.integer : a.integer;
    if (!std::isfinite(real) || real != std::trunc(real)) return false;
    if (real < -9.2233720368547758e18 || real >= 9.2233720368547758e18) return false;
    return static_cast<std::int64_t>(real) == integer;
}

const PyValue* find_key(const PyValue& dict, const PyValue& key) {
    for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {
        if (python_equal(dict.items[i], key)) return &dict.items[i + 1];
    }
    return nullptr;
}

std::string joined(const std::vector<PyValue>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + python_repr(items[i]);
    return text;
}

std::string bytes_repr(const std::string& bytes) {
    const bool double_quote = bytes.find('\'') != std::string::npos && bytes.find('"') == std::string::npos;
    const char quote = double_quote ? '"' : '\'';
    std::string text = "b";
    text += quote;
    for (const unsigned char c : bytes) {
        if (c == static_cast<unsigned char>(quote) || c == '\\') {
            text += '\\';
            text += static_cast<char>(c);
        } else if (c == '\t') {
            text += "\\t";
        } else if (c == '\n') {
            text += "\\n";
        } else if (c == '\r') {
            text += "\\r";
        } else if (c < 0x20 || c >= 0x7f) {
            text += fmt::format("\\x{:02x}", c);
        } else {
            text += static_cast<char>(c);
        }
    }
    return text + quote;
}

// json's key coercion: str, int, float, bool and None keys become strings.
std::string json_key(const PyValue& key) {
    switch (key.kind) {
        case PyValue::Kind::Str: return key.text;
        case PyValue::Kind::Int: return std::to_string(key.integer);
        case PyValue::Kind::Bool: return key.integer ? "true" : "false";
        case PyValue::Kind::None: return "null";
        case PyValue::Kind::Float:
            if (std::isnan(key.real)) return "NaN";
            if (std::isinf(key.real)) return key.real > 0 ? "Infinity" : "-Infinity";
            return py::float_repr(key.real);
        default:
            throw std::invalid_argument("keys must be str, int, float, bool or None, not " + python_type_name(key));
    }
}

}  // namespace

std::string python_type_name(const PyValue& value) {
    switch (value.kind) {
        case PyValue::Kind::None: return "NoneType";
        case PyValue::Kind::Bool: return "bool";
        case PyValue::Kind::Int: return "int";
        case PyValue::Kind::Float: return "float";
        case PyValue::Kind::Str: return "str";
        case PyValue::Kind::List: return "list";
        case PyValue::Kind::Tuple: return "tuple";
        case PyValue::Kind::Set: return "set";
        case PyValue::Kind::Dict: return "dict";
        case PyValue::Kind::Bytes: return "bytes";
        case PyValue::Kind::Date: return "date";
    }
    return "object";
}

std::string python_repr(const PyValue& value) {
    switch (value.kind) {
        case PyValue::Kind::None: return "None";
        case PyValue::Kind::Bool: return value.integer ? "True" : "False";
        case PyValue::Kind::Int: return std::to_string(value.integer);
        case PyValue::Kind::Float: return py::float_repr(value.real);
        case PyValue::Kind::Str: return py::str_repr(value.text);
        case PyValue::Kind::Bytes: return bytes_repr(value.text);
        case PyValue::Kind::Date: return value.text;
        case PyValue::Kind::List: return "[" + joined(value.items) + "]";
        case PyValue::Kind::Tuple: return "(" + joined(value.items) + (value.items.size() == 1 ? ",)" : ")");
        case PyValue::Kind::Set: return value.items.empty() ? "set()" : "{" + joined(value.items) + "}";
        case PyValue::Kind::Dict: {
            std::string text = "{";
            for (std::size_t i = 0; i + 1 < value.items.size(); i += 2) {
                text += (i ? ", " : "") + python_repr(value.items[i]) + ": " + python_repr(value.items[i + 1]);
            }
            return text + "}";
        }
    }
    return {};
}

bool python_equal(const PyValue& a, const PyValue& b) {
    if (is_number(a) && is_number(b)) return numbers_equal(a, b);
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case PyValue::Kind::None: return true;
        case PyValue::Kind::Str:
        case PyValue::Kind::Bytes:
        case PyValue::Kind::Date: return a.text == b.text;
        case PyValue::Kind::List:
        case PyValue::Kind::Tuple:
            if (a.items.size() != b.items.size()) return false;
            for (std::size_t i = 0; i < a.items.size(); ++i) {
                if (!python_equal(a.items[i], b.items[i])) return false;
            }
            return true;
        case PyValue::Kind::Set:
            if (a.items.size() != b.items.size()) return false;
            for (const auto& item : a.items) {
                bool found = false;
                for (const auto& other : b.items) found = found || python_equal(item, other);
                if (!found) return false;
            }
            return true;
        case PyValue::Kind::Dict:
            if (a.items.size() != b.items.size()) return false;
            for (std::size_t i = 0; i + 1 < a.items.size(); i += 2) {
                const PyValue* other = find_key(b, a.items[i]);
                if (other == nullptr || !python_equal(a.items[i + 1], *other)) return false;
            }
            return true;
        default: return false;
    }
}

void write_json(py::JsonWriter& json, const PyValue& value) {
    switch (value.kind) {
        case PyValue::Kind::None: json.null(); return;
        case PyValue::Kind::Bool: json.boolean(value.integer != 0); return;
        case PyValue::Kind::Int: json.integer(value.integer); return;
        case PyValue::Kind::Float: json.number(value.real); return;
        case PyValue::Kind::Str: json.string(value.text); return;
        case PyValue::Kind::List:
        case PyValue::Kind::Tuple:
            json.begin_array();
            for (const auto& item : value.items) write_json(json, item);
            json.end_array();
            return;
        case PyValue::Kind::Dict:
            json.begin_object();
            for (std::size_t i = 0; i + 1 < value.items.size(); i += 2) {
                json.key(json_key(value.items[i]));
                write_json(json, value.items[i + 1]);
            }
            json.end_object();
            return;
        default: throw std::invalid_argument("Object of type " + python_type_name(value) + " is not JSON serializable");
    }
}

}  // namespace msprobe::verl_config
