#pragma once
// A Python value of the kinds a literal, json.loads or yaml.safe_load make,
// with the three things msprobe's verl checks do with one: repr(), ==, and
// json.dump. Dicts keep insertion order, as Python's do.
#include <cstdint>
#include <string>
#include <vector>

#include "common/python_json_writer.hpp"

namespace msprobe::verl_config {

struct PyValue {
    enum class Kind { None, Bool, Int, Float, Str, List, Tuple, Set, Dict, Bytes, Date };
    Kind kind = Kind::None;
    std::int64_t integer = 0;    // Bool (0/1), Int
    double real = 0.0;           // Float
    std::string text;            // Str (UTF-8), Bytes
    std::vector<PyValue> items;  // List, Tuple, Set; Dict: key, value, key, value, ...

    static PyValue none() { return {}; }
    static PyValue boolean(bool value);
    static PyValue number(std::int64_t value);
    static PyValue floating(double value);
    static PyValue string(std::string value);
    static PyValue dict();

    // d[key] = value: an equal key keeps its place and takes the new value.
    void set_item(PyValue key, PyValue value);
};

// repr(value).
std::string python_repr(const PyValue& value);

// value == other, as Python compares (1 == 1.0 == True, NaN unequal, dicts regardless of order).
bool python_equal(const PyValue& a, const PyValue& b);

// The type name Python gives in its errors ("set", "bytes", ...).
std::string python_type_name(const PyValue& value);

// json.dump(value, f, indent=N) into `json`. Throws std::invalid_argument with
// Python's TypeError text for what JSON cannot hold (sets, bytes, tuple keys).
void write_json(py::JsonWriter& json, const PyValue& value);

}  // namespace msprobe::verl_config
