#pragma once
// The texts msprobe stores for port-item values in input_data/output_data:
// floats rounded to 6 decimals (or %.6e when Python would print an
// exponent), quotes removed from strings, None → null, long decimal texts cut
// to 6 decimals, everything else as Python's str().
#include <string>
#include <string_view>

#include <rapidjson/fwd.h>

#include "dump/dump_row.hpp"

namespace msprobe::graph {

// `round` false: the shortest round-trip text, as August writes floats.
std::string float_text(double value, bool round = true);
std::string string_text(std::string_view text);
std::string value_text(const rapidjson::Value& value, bool round = true);
std::string stat_text(const dump::StatValue& value, bool round = true);

}  // namespace msprobe::graph
