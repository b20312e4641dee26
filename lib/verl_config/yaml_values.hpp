#pragma once
// A YAML document as yaml.safe_load gives it: plain scalars resolved by
// PyYAML's YAML 1.1 rules (yes/no/on/off are booleans, "1e5" is a string, a
// float needs its point, ~ and empty are None, 0x/0b and 0-leading octal
// integers, a YYYY-MM-DD date a datetime.date), quoted scalars strings. A
// timestamp with a time of day stays text.
#include <string_view>

#include "verl_config/python_value.hpp"

namespace msprobe::verl_config {

// Throws std::invalid_argument with the parser's reason.
PyValue load_yaml_values(std::string_view text);

}  // namespace msprobe::verl_config
