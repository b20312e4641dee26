#pragma once
// Text that goes into the report page: JSON strings and numbers for the data
// element, and escaped text for the few HTML nodes written directly. The data
// element is a <script type="application/json">, which the HTML parser ends at
// the first "</script" whatever the JSON says, so every '<' inside a string is
// written as \u003c: no text of a dump can end the element or open a comment.
#include <string>
#include <string_view>

#include "report/cell.hpp"

namespace msprobe::html_report {

// `text` as a JSON string literal (quotes included), safe inside a script element.
void append_json_string(std::string& out, std::string_view text);

// A number as compact JSON, to seven significant digits; NaN as null and ±inf
// as the strings "inf"/"-inf" (JSON has no spelling for them).
void append_json_number(std::string& out, double value);

// A result cell: empty → null, text → string, number → append_json_number, bool → true/false.
void append_json_cell(std::string& out, const report::Cell& cell);

// `text` with &, <, >, " and ' replaced by entities, for element content and attribute values.
std::string escape_html(std::string_view text);

}  // namespace msprobe::html_report
