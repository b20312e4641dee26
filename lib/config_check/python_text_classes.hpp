#pragma once
// The character classes of Python's re module on str patterns, on UTF-8 text: \s (str.isspace: ASCII and Unicode
// spaces), \w (letters, digits, "_") and \d. ASCII is classified exactly; of the other code points, the spaces
// are \s and every other one is taken as \w (Python's \w follows Unicode categories, which this does not carry).
#include <cstddef>
#include <string_view>

namespace msprobe::config_check {

// The byte length of the code point at text[i] when it is in the class, else 0.
std::size_t python_space_at(std::string_view text, std::size_t i);
std::size_t python_word_at(std::string_view text, std::size_t i);
// The byte length of the code point at text[i] (1 for a stray byte).
std::size_t code_point_length(std::string_view text, std::size_t i);

}  // namespace msprobe::config_check
