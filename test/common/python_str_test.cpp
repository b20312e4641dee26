// Python's str.replace, str.replace(..., 1), str.split(sep), str.split('.') and `in`, as msprobe
// applies them to dump names.
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include "common/python_str.hpp"

using namespace msprobe::py;
using Parts = std::vector<std::string_view>;

TEST_CASE("replace_all and replace_first replace left to right without overlaps", "[common][python_str]") {
    CHECK(replace_all("Cell.net.Cell.fc", "Cell.", "Module.") == "Module.net.Module.fc");
    CHECK(replace_all("aaaa", "aa", "b") == "bb");  // Python: 'aaaa'.replace('aa', 'b') == 'bb'
    CHECK(replace_all("abc", "x", "y") == "abc");
    CHECK(replace_all("a.b", "", "x") == "a.b");
    CHECK(replace_first("Cell.net.Cell.fc", "Cell.", "Module.") == "Module.net.Cell.fc");
    CHECK(replace_first("abc", "x", "y") == "abc");
    CHECK(replace_first("abc", "abc", "") == "");
}

TEST_CASE("split_dots keeps empty parts like Python's split('.')", "[common][python_str]") {
    CHECK(split_dots("Torch.add.0.forward") == Parts{"Torch", "add", "0", "forward"});
    CHECK(split_dots("") == Parts{""});
    CHECK(split_dots("a..b.") == Parts{"a", "", "b", ""});
    CHECK(split_dots(".") == Parts{"", ""});
}

TEST_CASE("split keeps empty parts like Python's split(sep)", "[common][python_str]") {
    CHECK(split("Prefill_layer/Attention", '/') == Parts{"Prefill_layer", "Attention"});
    CHECK(split("2_0_", '_') == Parts{"2", "0", ""});
    CHECK(split("", ',') == Parts{""});
    CHECK(split("/a", '/') == Parts{"", "a"});
}

TEST_CASE("contains is Python's `in` on strings", "[common][python_str]") {
    CHECK(contains("Module.fc.Linear.forward.0", "Linear"));
    CHECK(contains("abc", ""));
    CHECK_FALSE(contains("abc", "abcd"));
}
