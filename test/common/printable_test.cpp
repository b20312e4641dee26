// Text from files and paths made safe for one terminal or log line: control
// bytes and invalid UTF-8 escaped, valid UTF-8 kept.
#include <catch2/catch.hpp>

#include <string>

#include "common/printable.hpp"

TEST_CASE("printable escapes what would break a line", "[cli][messages]") {
    using msprobe::printable;
    CHECK(printable("plain/path.json") == "plain/path.json");
    CHECK(printable("a\nb") == "a\\nb");
    CHECK(printable("a\r\tb") == "a\\r\\tb");
    CHECK(printable(std::string("cut\0here", 8)) == "cut\\x00here");
    CHECK(printable("\x1b[31mred") == "\\x1b[31mred");
    CHECK(printable("\x7f") == "\\x7f");
    CHECK(printable("\x93NUMPY\x01\x00") == "\\x93NUMPY\\x01");  // a .npy header's magic bytes
    CHECK(printable(std::string("\x93NUMPY\x01\x00", 8)) == "\\x93NUMPY\\x01\\x00");
    CHECK(printable("数据/dump.json") == "数据/dump.json");       // valid UTF-8 is kept
    CHECK(printable("\xe6\x95") == "\\xe6\\x95");                 // a cut-off sequence is not
    CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");                 // nor an overlong one
    CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");        // nor a surrogate
}


TEST_CASE("printable keeps four-byte UTF-8 and escapes what lies outside Unicode", "[common][printable]") {
    using msprobe::printable;
    CHECK(printable("\xf0\x9f\x98\x80.pt") == "\xf0\x9f\x98\x80.pt");        // U+1F600
    CHECK(printable("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");      // above U+10FFFF
    CHECK(printable("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");                // overlong three-byte form
    CHECK(printable("\xc3\xa9t\xc3") == "\xc3\xa9t\\xc3");                  // a lead byte at the end
    CHECK(printable("") == "");
    CHECK(printable(" ~") == " ~");
    CHECK(printable("\x1f") == "\\x1f");
}
