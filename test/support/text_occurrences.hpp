#pragma once
// Counting a text's occurrences in another, for tests of what a run printed or wrote.
#include <cstddef>
#include <string>

namespace msprobe::testing {

// How often `needle` occurs in `text` (occurrences may overlap).
inline std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t count = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
    return count;
}

}  // namespace msprobe::testing
