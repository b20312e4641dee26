// Which CSV texts a spreadsheet would run as formulas, the numbers that are
// left alone, and the quote a reader takes off again.
#include <catch2/catch.hpp>

#include <string>

#include "report/csv_formula_guard.hpp"

using namespace msprobe::report;

TEST_CASE("is_number_text takes the numbers the writers render", "[report][csv_formula_guard]") {
    for (const char* text : {"-1.5", "-3", "+2", "-1e-05", "-1.5E+20", "-0", "-0.0", "-5.", "-.5", "1", "-inf", "+inf",
                             "-Infinity", "-nan", "NaN", "-inf\t", "nan\t", "-1.5\t"}) {
        INFO(text);
        CHECK(is_number_text(text));
    }
}

TEST_CASE("is_number_text refuses what is not one number", "[report][csv_formula_guard]") {
    for (const char* text : {"",       "-",   "+",    ".",      "-.",   "--1",       "+-1",      "-1.5e",
                             "-1.5e+", "-e5", "-0x1", "-1,5",   "=1+2", "-nan(ind)", "-infinit", "-inff",
                             "- 1",    "-1 ", " -1",  "-1\t\t", "\t-1", "-1.5.2",    "-1e5.5",   "-1%"}) {
        INFO(text);
        CHECK_FALSE(is_number_text(text));
    }
}

TEST_CASE("needs_formula_guard: texts a spreadsheet would read as formulas", "[report][csv_formula_guard]") {
    for (const char* text :
         {"=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3", "-", "\tTorch.add.0", "\r=1",
          "=1+2", "-nan(ind)", "-0x1", "-1,5", "--1", "'=x", "''@y", "'-2+3"}) {
        INFO(text);
        CHECK(needs_formula_guard(text));
    }
    for (const char* text : {"Torch.add.0.forward", "", "'", "a=b", " =1", "-1.5", "-inf", "+2", "-1e-05", "-inf\t",
                             "'-1.5", "''", "%d", "[-1, 2]", "(-1,)"}) {
        INFO(text);
        CHECK_FALSE(needs_formula_guard(text));
    }
}

TEST_CASE("without_formula_guard takes off the quote a guarding writer put", "[report][csv_formula_guard]") {
    // Every text comes back from what a guarding writer makes of it.
    for (const std::string text :
         {"=HYPERLINK(1)", "'=x", "''=x", "'", "'-1.5", "-1.5", "plain", "'plain", "\t1", "", "-"}) {
        const std::string written = needs_formula_guard(text) ? "'" + text : text;
        INFO(text);
        CHECK(without_formula_guard(written) == text);
        std::string field = written;
        take_off_formula_guard(field);
        CHECK(field == text);
    }
    CHECK(without_formula_guard("'=x") == "=x");
    CHECK(without_formula_guard("''=x") == "'=x");
    CHECK(without_formula_guard("'-1.5") == "'-1.5");  // a number is never guarded, so this quote is the text's
    CHECK(without_formula_guard("'plain") == "'plain");
}

TEST_CASE("formula_cells follows --strict_compat", "[report][csv_formula_guard]") {
    CHECK(formula_cells(false) == FormulaCells::Guarded);
    CHECK(formula_cells(true) == FormulaCells::Verbatim);
}

TEST_CASE("is_refused_formula_text follows msprobe's check_value_is_valid", "[report][csv_formula_guard]") {
    using msprobe::report::is_refused_formula_text;
    // Numbers (every ';' part a float to Python) pass whatever their sign.
    for (const char* text : {"-1", "+2.5", "-inf", "-1e-05", "-1;+2", " -3 ", "-1_000", "", "plain", "a=b", "1;x"}) {
        INFO(text);
        CHECK_FALSE(is_refused_formula_text(text));
    }
    // A sign at the start or after a ';', when some part is not a number: refused, full-width forms too.
    for (const char* text : {"=SUM(A1)", "-x", "+cmd", "%d", "@x", "1;=2+", "a;-b",
                             "\xef\xbc\x9d"
                             "1+1",
                             "x;\xef\xbc\xa0y", "--lr"}) {
        INFO(text);
        CHECK(is_refused_formula_text(text));
    }
}
