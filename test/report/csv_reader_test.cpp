// Reading a CSV result back: RFC 4180 fields, typed cells as csv_writer.hpp
// writes them, the texts-only table of the legacy tools, and refusals.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "report/csv_reader.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;

namespace {

std::string csv_file(const std::string& name, const std::string& text) {
    return testing::scratch_file("csv_reader_" + name, "result.csv", text).string();
}

}  // namespace

TEST_CASE("read_csv types its cells: numbers in full, True/False, empty, else text", "[report][csv_reader]") {
    const auto contents = report::read_csv(csv_file("typed", "Name,Value,Flag,Note\n"
                                                             "a,1.5,True,\n"
                                                             "b,-2e-05,False,1.5.2\n"
                                                             "c,inf,true,-\n"));
    CHECK(contents.header == std::vector<std::string>{"Name", "Value", "Flag", "Note"});
    REQUIRE(contents.rows.size() == 3);
    const auto& a = contents.rows[0];
    CHECK(a[0].text() == "a");
    REQUIRE(a[1].is_number());
    CHECK(a[1].number() == 1.5);
    REQUIRE(a[2].is_bool());
    CHECK(a[2].boolean_value());
    CHECK(a[3].is_empty());
    const auto& b = contents.rows[1];
    CHECK(b[1].number() == -2e-05);
    CHECK_FALSE(b[2].boolean_value());
    CHECK(b[3].text() == "1.5.2");  // not a number in full
    const auto& c = contents.rows[2];
    CHECK(c[1].text() == "inf");    // number_text() never writes words
    CHECK(c[2].text() == "true");   // only Python's spelling is a boolean
    CHECK(c[3].text() == "-");
}

TEST_CASE("quoted fields keep separators, doubled quotes and line breaks, BOM and blank lines skipped",
          "[report][csv_reader]") {
    const std::string path = csv_file("quoted", "\xEF\xBB\xBFName,Message\r\n"
                                                "\r\n"
                                                "\"a,b\",\"say \"\"hi\"\"\"\r\n"
                                                "\n"
                                                "c,\"two\nlines\"\r\n"
                                                "short\n");
    const auto records = report::read_csv_records(path);
    REQUIRE(records.size() == 4);
    CHECK(records[0] == std::vector<std::string>{"Name", "Message"});
    CHECK(records[1] == std::vector<std::string>{"a,b", "say \"hi\""});
    CHECK(records[2] == std::vector<std::string>{"c", "two\nlines"});
    CHECK(records[3] == std::vector<std::string>{"short"});
    const auto contents = report::read_csv(path);
    REQUIRE(contents.rows.size() == 3);
    CHECK(contents.rows[2].size() == 1);  // short rows are not padded
}

TEST_CASE("read_csv_text keeps every field as written", "[report][csv_reader]") {
    const auto table = report::read_csv_text(csv_file("texts", "Cosine,MaxAbsErr,Note\n1.0,0.000000,\n"));
    CHECK(table.header == std::vector<std::string>{"Cosine", "MaxAbsErr", "Note"});
    REQUIRE(table.rows.size() == 1);
    REQUIRE(table.rows[0][0].is_text());
    CHECK(table.rows[0][0].text() == "1.0");
    CHECK(table.rows[0][1].text() == "0.000000");
    CHECK(table.rows[0][2].is_empty());
    CHECK(report::read_csv_text(csv_file("empty", "")).header.empty());
}

TEST_CASE("an open quote, a row wider than the header and a missing file are refused, naming the file",
          "[report][csv_reader]") {
    const std::string open = csv_file("open_quote", "A,B\n1,\"never closed\n");
    try {
        report::read_csv(open);
        FAIL("an open quote must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == open);
        CHECK(e.reason() == "a quoted field is not closed at the end of the file");
    }
    const std::string wide = csv_file("wide", "A,B\n1,2\n1,2,3\n");
    CHECK_THROWS_WITH(report::read_csv(wide), Catch::Contains("line 3: 3 fields, the header has 2"));
    CHECK(report::read_csv_records(wide).size() == 3);  // the raw records do not care
    CHECK_THROWS_AS(report::read_csv(testing::scratch_dir("csv_reader_missing").string() + "/none.csv"), Error);
}

TEST_CASE("read_csv takes off the quote a guarding writer put before a formula-like text", "[report][csv_reader]") {
    const std::string path = csv_file("guarded", "'=Name,Value,Note\n"
                                                 "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",-1.5,'@SUM(1)\n"
                                                 "''=x,'-1.5,'plain\n");
    const auto contents = report::read_csv(path);
    CHECK(contents.header == std::vector<std::string>{"=Name", "Value", "Note"});
    REQUIRE(contents.rows.size() == 2);
    CHECK(contents.rows[0][0].text() == "=HYPERLINK(\"http://x\",\"y\")");
    REQUIRE(contents.rows[0][1].is_number());
    CHECK(contents.rows[0][1].number() == -1.5);
    CHECK(contents.rows[0][2].text() == "@SUM(1)");
    CHECK(contents.rows[1][0].text() == "'=x");     // a quoted text's own quote stays
    CHECK(contents.rows[1][1].text() == "'-1.5");   // a number is never guarded: the quote is the text's
    CHECK(contents.rows[1][2].text() == "'plain");
    // The raw records keep every byte.
    CHECK(report::read_csv_records(path)[1][0] == "'=HYPERLINK(\"http://x\",\"y\")");
}
