#pragma once
// pandas' fast text-to-number parser: behind to_numeric (August msprobe's
// statistics diffs) and behind the number inference of read_excel (merge_result
// reading text cells that look like numbers). It is not correctly rounded:
// reproducing it keeps those numbers identical to msprobe's in their last digits.
#include <optional>
#include <string_view>

namespace msprobe::py {

// The double the parser makes of `text`, or nullopt when the text is not a
// plain decimal number (words such as "inf" or "nan" included).
std::optional<double> pandas_parsed_number(std::string_view text);

}  // namespace msprobe::py
