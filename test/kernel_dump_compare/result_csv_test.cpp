#include "kernel_dump_compare/result_csv.hpp"

#include <catch2/catch.hpp>

using namespace msprobe::kernel_dump_compare;

// vector_comparison.py _pre_handle_header and Python's csv writer (minimal quoting, CRLF).
TEST_CASE("result csv: header, dropped Address columns and Python's quoting", "[kernel_dump_compare]") {
    const auto header = result_header({false, true});
    REQUIRE(header.size() == 20);
    CHECK(header[4] == "Address");
    CHECK(header[7] == "TensorIndex");  // the golden side's Address is gone
    CHECK(result_header({true, true}).size() == 19);
    CHECK(result_header({false, false}).size() == 21);

    ResultRow row = {"3", "Conv2D", "a,b", "float16", "0", "x", "float32", "NaN", "a:output:0", "[1,2]"};
    for (int i = 0; i < 10; ++i) row.push_back("0.000000");
    row[15] = "(0.000;0.000),(0.000;0.000)";
    row.push_back("say \"why\"");
    const std::string text = result_csv_text({row}, {false, true});
    const std::string second_line = text.substr(text.find("\r\n") + 2);
    CHECK(second_line ==
          "3,Conv2D,\"a,b\",float16,0,x,float32,a:output:0,\"[1,2]\",0.000000,0.000000,0.000000,0.000000,0.000000,"
          "\"(0.000;0.000),(0.000;0.000)\",0.000000,0.000000,0.000000,0.000000,\"say \"\"why\"\"\"\r\n");
}

TEST_CASE("result csv: cells msaccucmp refuses to write", "[kernel_dump_compare]") {
    CHECK(is_formula_like("=1+1"));
    CHECK(is_formula_like("@cmd"));
    CHECK(is_formula_like("a;-b"));
    CHECK_FALSE(is_formula_like("-0.500000"));  // a number
    CHECK_FALSE(is_formula_like("-inf"));
    CHECK_FALSE(is_formula_like("[op] There is no the ground truth dump file for op:output:0."));
}
