#include "config_check/python_text_classes.hpp"

#include <catch2/catch.hpp>

using namespace msprobe::config_check;

TEST_CASE("python text classes: \\s and \\w on UTF-8", "[config_check][python_text_classes]") {
    CHECK(python_space_at(" ", 0) == 1);
    CHECK(python_space_at("\x0b", 0) == 1);
    CHECK(python_space_at("\x1f", 0) == 1);
    CHECK(python_space_at("\xc2\xa0", 0) == 2);      // NO-BREAK SPACE
    CHECK(python_space_at("\xe3\x80\x80", 0) == 3);  // IDEOGRAPHIC SPACE
    CHECK(python_space_at("a", 0) == 0);
    CHECK(python_space_at("", 0) == 0);
    CHECK(python_word_at("_", 0) == 1);
    CHECK(python_word_at("-", 0) == 0);
    CHECK(python_word_at("\xc3\xa9", 0) == 2);  // é
    CHECK(python_word_at("\xc2\xa0", 0) == 0);
    CHECK(python_word_at("\xff", 0) == 0);  // a stray byte
    CHECK(code_point_length("\xe2\x82\xac", 0) == 3);
    CHECK(code_point_length("\xe2\x82", 0) == 1);
}
