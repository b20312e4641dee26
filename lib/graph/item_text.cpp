#include "graph/item_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <regex>

#include <rapidjson/document.h>

#include "common/python_text.hpp"
#include "dump/python_value.hpp"

namespace msprobe::graph {

std::string float_text(double value, bool round) {
    if (!round || !std::isfinite(value)) return py::float_repr(value);
    const std::string shortest = py::float_repr(value);
    char buffer[64];
    if (shortest.find('e') != std::string::npos) {
        std::snprintf(buffer, sizeof buffer, "%.6e", value);
        return buffer;
    }
    // Python's round(x, 6): correctly rounded decimal, then the shortest repr of the result.
    std::snprintf(buffer, sizeof buffer, "%.6f", value);
    return py::float_repr(std::strtod(buffer, nullptr));
}

std::string string_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c != '\'') out += c;
    }
    for (std::size_t at = 0; (at = out.find("None", at)) != std::string::npos; at += 4) out.replace(at, 4, "null");
    static const std::regex kDecimal(R"(^\d{1,20}\.(\d{1,20})%?$)");
    std::smatch match;
    if (std::regex_match(out, match, kDecimal) && match[1].length() > 6) {
        const bool percent = out.back() == '%';
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.6f", std::strtod(out.c_str(), nullptr));
        out = std::string(buffer) + (percent ? "%" : "");
    }
    return out;
}

std::string value_text(const rapidjson::Value& value, bool round) {
    if (value.IsNull()) return "null";
    if (value.IsString()) return string_text(std::string_view(value.GetString(), value.GetStringLength()));
    if (value.IsDouble()) return float_text(value.GetDouble(), round);
    return dump::python_str(value);
}

std::string stat_text(const dump::StatValue& value, bool round) {
    switch (value.kind) {
        case dump::StatValue::Kind::Null: return "null";
        case dump::StatValue::Kind::Bool: return value.boolean ? "True" : "False";
        case dump::StatValue::Kind::Text: return string_text(value.text());
        case dump::StatValue::Kind::Number:
            return value.integer ? std::to_string(static_cast<long long>(value.number)) : float_text(value.number, round);
    }
    return "null";
}

}  // namespace msprobe::graph
