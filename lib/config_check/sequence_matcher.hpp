#pragma once
// difflib.SequenceMatcher(None, a, b).ratio() on two texts, as CPython computes it: the texts are sequences of
// code points, b's index is built with the "popular element" heuristic (autojunk: in a b of 200 or more code
// points, one that occurs more than len(b) // 100 + 1 times is left out of the index), the matching blocks are
// found by the recursive longest-match search, and the ratio is 2 * matches / (len(a) + len(b)), 1.0 for two
// empty texts. Not symmetric: ratio(a, b) may differ from ratio(b, a).
#include <string_view>

namespace msprobe::config_check {

// Texts are UTF-8; a byte that does not start a valid sequence counts as one element of its own.
double sequence_ratio(std::string_view a, std::string_view b);

}  // namespace msprobe::config_check
