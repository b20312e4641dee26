#pragma once
// msprobe's rounding of real-data metric values:
// float('{:.12f}'.format(x)), i.e. decimal rounding of the exact binary value
// with ties to even, back to a double. Cosine above 0.9999 is rounded again to
// 6 decimals (Python round(x, 6), same rounding method).
namespace msprobe::metrics {

// Rounds to `decimals` decimal places like printf("%.*f") and parses back.
// inf and nan are returned unchanged.
double round_decimal(double value, int decimals);

// format_value: 12 decimals.
double format_value(double value);

// format_value, then the cosine rule: > 0.9999 -> 6 decimals.
double format_cosine(double cosine);

}  // namespace msprobe::metrics
