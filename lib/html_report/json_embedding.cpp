#include "html_report/json_embedding.hpp"

#include <fmt/format.h>

#include <cmath>

namespace msprobe::html_report {

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            // '<' could close the script element ("</script") or open a comment ("<!--").
            case '<': out += "\\u003c"; break;
            default:
                if (byte < 0x20) {
                    out += fmt::format("\\u{:04x}", byte);
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

void append_json_number(std::string& out, double value) {
    if (std::isnan(value)) {
        out += "null";
    } else if (std::isinf(value)) {
        out += value > 0 ? "\"inf\"" : "\"-inf\"";
    } else {
        // Seven significant digits (float32's precision) keep a row short; the result file has the exact value.
        // JSON accepts this exponent spelling ("1e-07").
        fmt::format_to(std::back_inserter(out), "{:.7g}", value);
    }
}

void append_json_cell(std::string& out, const report::Cell& cell) {
    if (cell.is_text()) {
        append_json_string(out, cell.text());
    } else if (cell.is_number()) {
        append_json_number(out, cell.number());
    } else if (cell.is_bool()) {
        out += cell.boolean_value() ? "true" : "false";
    } else {
        out += "null";
    }
}

std::string escape_html(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace msprobe::html_report
