#pragma once
// The text-to-number parser August msprobe's statistics diffs go through
// (pandas' "precise" parser behind to_numeric). It is not correctly rounded:
// reproducing it keeps the diff and relative-error cells identical to msprobe's
// in their last digits.
#include <optional>
#include <string_view>

namespace msprobe::compare {

// The double the parser makes of `text`, or nullopt when the text is not a
// plain decimal number (words such as "inf" or "nan" included).
std::optional<double> august_parsed_number(std::string_view text);

}  // namespace msprobe::compare
