#pragma once
// What PyYAML's safe loader (YAML 1.1) makes of a plain (unquoted) scalar:
// null, a bool, a number or a string, decided by its spelling alone. Written
// as a scan rather than with std::regex, whose matcher recurses once per
// character and overflows the stack on a scalar of a few ten thousand digits.
#include <string_view>

namespace msprobe::py {

enum class ScalarKind { Null, Bool, Number, String };

ScalarKind plain_scalar_kind(std::string_view text);

}  // namespace msprobe::py
