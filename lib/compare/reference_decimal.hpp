#pragma once
// The decimal round trip msprobe's statistics go through before it subtracts
// them (see reference_decimal.cpp). Reproducing it keeps our diff cells and
// relative-error texts identical to msprobe's.

namespace msprobe::compare {

// The double msprobe computes with for a statistic whose exact value is `value`.
double reference_parsed(double value);

}  // namespace msprobe::compare
