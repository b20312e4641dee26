#include "config_check/python_text_classes.hpp"

namespace msprobe::config_check {

namespace {

// The code point at text[i] and its length; a stray byte is itself with length 1.
char32_t decode(std::string_view text, std::size_t i, std::size_t& length) {
    const auto lead = static_cast<unsigned char>(text[i]);
    length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || i + length > text.size()) {
        length = 1;
        return lead;
    }
    char32_t code = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80) {
            length = 1;
            return lead;
        }
        code = (code << 6) | (next & 0x3F);
    }
    return code;
}

bool is_space(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

}  // namespace

std::size_t code_point_length(std::string_view text, std::size_t i) {
    std::size_t length = 0;
    decode(text, i, length);
    return length;
}

std::size_t python_space_at(std::string_view text, std::size_t i) {
    if (i >= text.size()) return 0;
    std::size_t length = 0;
    return is_space(decode(text, i, length)) ? length : 0;
}

std::size_t python_word_at(std::string_view text, std::size_t i) {
    if (i >= text.size()) return 0;
    std::size_t length = 0;
    const char32_t c = decode(text, i, length);
    if (c < 0x80) {
        const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        return word ? 1 : 0;
    }
    return is_space(c) || length == 1 ? 0 : length;
}

}  // namespace msprobe::config_check
