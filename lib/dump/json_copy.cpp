#include "dump/json_copy.hpp"

namespace msprobe::dump {

void copy_json_value(py::JsonWriter& out, JsonView value) {
    if (const auto flag = value.boolean()) {
        out.boolean(*flag);
    } else if (const auto integer = value.integer()) {
        out.integer(*integer);
    } else if (const auto number = value.number()) {
        out.number(*number);
    } else if (const auto text = value.string()) {
        out.string(*text);
    } else if (value.is_array()) {
        out.begin_array();
        for (const JsonView item : value.items()) copy_json_value(out, item);
        out.end_array();
    } else if (value.is_object()) {
        out.begin_object();
        for (const auto& m : value.members()) {
            out.key(m.name);
            copy_json_value(out, m.value);
        }
        out.end_object();
    } else {
        out.null();
    }
}

}  // namespace msprobe::dump
