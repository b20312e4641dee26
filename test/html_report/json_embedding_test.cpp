// Text for the report page: JSON strings safe inside a script element ('<' as
// \u003c, so no dump text can end the element or open a comment), numbers to
// seven significant digits with NaN and the infinities spelled as JSON can,
// result cells by kind, and HTML entities for the nodes written directly.
#include "html_report/json_embedding.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <limits>
#include <string>

using msprobe::report::Cell;

namespace {

std::string json_string(std::string_view text) {
    std::string out;
    msprobe::html_report::append_json_string(out, text);
    return out;
}

std::string json_number(double value) {
    std::string out;
    msprobe::html_report::append_json_number(out, value);
    return out;
}

}  // namespace

TEST_CASE("json strings: quotes, backslashes and control characters escaped, '<' as \\u003c",
          "[html_report][json_embedding]") {
    CHECK(json_string("a\"b\\c") == R"("a\"b\\c")");
    CHECK(json_string("line\nnext\ttab\x01") == R"("line\nnext\ttab\u0001")");
    CHECK(json_string("</script><!--") == R"("\u003c/script>\u003c!--")");
    CHECK(json_string("Functional.conv2d.0.forward") == "\"Functional.conv2d.0.forward\"");
    // Whatever the text, it parses back to itself.
    const std::string hostile = "x</SCRIPT>\"\\\n\r\x1f<!-- é 中";
    CHECK(nlohmann::json::parse(json_string(hostile)).get<std::string>() == hostile);
}

TEST_CASE("json numbers: seven significant digits, NaN null, infinities as texts", "[html_report][json_embedding]") {
    CHECK(json_number(0.5) == "0.5");
    CHECK(json_number(1.0) == "1");
    CHECK(json_number(1.0 / 3.0) == "0.3333333");
    CHECK(json_number(-2.6428585052490234) == "-2.642859");
    CHECK(json_number(1e-7) == "1e-07");
    CHECK(json_number(std::numeric_limits<double>::quiet_NaN()) == "null");
    CHECK(json_number(std::numeric_limits<double>::infinity()) == "\"inf\"");
    CHECK(json_number(-std::numeric_limits<double>::infinity()) == "\"-inf\"");
    CHECK(nlohmann::json::parse(json_number(1.5e300)).get<double>() == 1.5e300);
}

TEST_CASE("json cells: empty, text, number and boolean", "[html_report][json_embedding]") {
    std::string out;
    for (const Cell& cell : {Cell(), Cell("N/A"), Cell(2.0), Cell::boolean(false)}) {
        msprobe::html_report::append_json_cell(out, cell);
        out += ' ';
    }
    CHECK(out == "null \"N/A\" 2 false ");
}

TEST_CASE("html text: the five special characters become entities", "[html_report][json_embedding]") {
    CHECK(msprobe::html_report::escape_html("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
    CHECK(msprobe::html_report::escape_html("plain") == "plain");
}

TEST_CASE("json embedding: appends to what the text already holds", "[html_report][json_embedding]") {
    std::string out = "[";
    msprobe::html_report::append_json_string(out, "");
    out += ',';
    msprobe::html_report::append_json_number(out, -0.0);
    out += ',';
    msprobe::html_report::append_json_number(out, 123456789.0);
    out += ',';
    msprobe::html_report::append_json_cell(out, Cell(std::string(40, 'L')));  // a long text cell
    out += ']';
    CHECK(out == "[\"\",-0,1.234568e+08,\"" + std::string(40, 'L') + "\"]");
    const auto parsed = nlohmann::json::parse(out);
    CHECK(parsed[2].get<double>() == 123456800.0);
}

TEST_CASE("json embedding: every control character is escaped, bytes from 0x7f on pass as they are",
          "[html_report][json_embedding]") {
    for (int byte = 0; byte < 0x20; ++byte) {
        INFO("byte " << byte);
        const std::string text = json_string(std::string(1, static_cast<char>(byte)));
        CHECK(text.size() > 3);  // never the raw byte between the quotes
        CHECK(nlohmann::json::parse(text).get<std::string>() == std::string(1, static_cast<char>(byte)));
    }
    CHECK(json_string("\x7f\xc3\xa9") == "\"\x7f\xc3\xa9\"");  // DEL and UTF-8 are valid inside JSON strings
}

TEST_CASE("json embedding: html escaping leaves everything but the five special characters",
          "[html_report][json_embedding]") {
    CHECK(msprobe::html_report::escape_html("").empty());
    CHECK(msprobe::html_report::escape_html("&amp;") == "&amp;amp;");  // an entity is text, escaped again
    CHECK(msprobe::html_report::escape_html("\u4e2d\t/=`") == "\u4e2d\t/=`");
}
