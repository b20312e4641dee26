#include "dump/digest_detection.hpp"

namespace msprobe::dump {

bool entry_has_digest(JsonView entry) {
    for (const JsonMember& section : entry.members()) {
        const JsonView v = section.value;
        if (v.is_array()) {
            for (const JsonView item : v.items()) {
                if (item.has_member("md5")) return true;
            }
        } else if (v.is_object()) {
            if (v.has_member("md5")) return true;
        } else if (v.is_string()) {
            if (v.text().find("md5") != std::string_view::npos) return true;
        }
    }
    return false;
}

bool has_digest_anywhere(JsonView value) {
    if (value.has_member("md5")) return true;
    for (const JsonMember& m : value.members()) {
        if (has_digest_anywhere(m.value)) return true;
    }
    for (const JsonView item : value.items()) {
        if (has_digest_anywhere(item)) return true;
    }
    return false;
}

}  // namespace msprobe::dump
