#pragma once
// The texts msprobe stores for port-item values in input_data/output_data:
// floats rounded to 6 decimals (or %.6e when Python would print an
// exponent), quotes removed from strings, None → null, long decimal texts cut
// to 6 decimals, everything else as Python's str().
#include <string>
#include <string_view>

#include "dump/dump_row.hpp"
#include "dump/json_view.hpp"
#include "graph/item_fields.hpp"

namespace msprobe::graph {

// `round` false: the shortest round-trip text, as August writes floats.
std::string float_text(double value, bool round = true);
std::string string_text(std::string_view text);
// Whether string_text(text) is `text` itself: no quote, no None, no decimal of more than 6 places.
bool string_text_unchanged(std::string_view text);
std::string value_text(dump::JsonView value, bool round = true);
std::string stat_text(const dump::StatValue& value, bool round = true);

// Whether the value is a float, whose text depends on `round` (the others' do not).
bool is_float_value(dump::JsonView value);
bool is_float_stat(const dump::StatValue& value);

// A string value as a field: its string_text, without a copy when that is the text itself (nearly always).
void add_text_field(ItemFields& fields, std::string_view key, std::string_view text);
// `value` as a field: a float kept as its number, anything else as its text.
void add_stat_field(ItemFields& fields, std::string_view key, const dump::StatValue& value);
void set_stat_field(ItemFields& fields, std::string_view key, const dump::StatValue& value);

}  // namespace msprobe::graph
