// Python's == on parsed JSON: what run_ut -f uses to call two calls the same.
#include <catch2/catch.hpp>

#include <string>

#include "dump/json_file.hpp"
#include "dump/python_equality.hpp"

using msprobe::dump::JsonFile;
using msprobe::dump::python_equal;
using msprobe::dump::python_hash;

namespace {

// Both sides of a comparison parsed from one document {"a": A, "b": B}.
struct Pair {
    JsonFile file;
    bool equal() const { return python_equal(file.root().member("a"), file.root().member("b")); }
    bool hashes_alike() const { return python_hash(file.root().member("a")) == python_hash(file.root().member("b")); }
};

Pair pair(const std::string& a, const std::string& b) {
    return {JsonFile::from_text("{\"a\": " + a + ", \"b\": " + b + "}", "pair.json")};
}

}  // namespace

TEST_CASE("numbers compare by value across int, float and bool", "[dump][python_equality]") {
    for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
             {"1", "1.0"}, {"0.0", "-0.0"}, {"true", "1"}, {"false", "0.0"}, {"1e2", "100"},
             {"18446744073709551615", "18446744073709551615"}, {"9007199254740992", "9007199254740992.0"}}) {
        INFO(a << " == " << b);
        const auto p = pair(a, b);
        CHECK(p.equal());
        CHECK(p.hashes_alike());
    }
    for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
             {"1", "1.5"}, {"9007199254740993", "9007199254740992.0"}, {"NaN", "NaN"}, {"null", "0"},
             {"\"1\"", "1"}, {"true", "2"}, {"18446744073709551615", "-1"}}) {
        INFO(a << " != " << b);
        CHECK_FALSE(pair(a, b).equal());
    }
}

TEST_CASE("objects compare whatever their member order, arrays in order", "[dump][python_equality]") {
    const auto objects = pair(R"({"x": 1, "y": [1, 2]})", R"({"y": [1.0, 2], "x": true})");
    CHECK(objects.equal());
    CHECK(objects.hashes_alike());
    CHECK_FALSE(pair("[1, 2]", "[2, 1]").equal());
    CHECK_FALSE(pair(R"({"x": 1})", R"({"x": 1, "y": 2})").equal());
    CHECK_FALSE(pair(R"({"x": 1, "z": 2})", R"({"x": 1, "y": 2})").equal());
    CHECK_FALSE(pair("{}", "[]").equal());
}

TEST_CASE("omitted members are left out of the top object only", "[dump][python_equality]") {
    const auto file = JsonFile::from_text(
        R"({"a": {"Max": 1, "Mean": 0, "s": {"Max": 1}}, "b": {"Mean": 0.0, "s": {"Max": 1}, "Min": 5}, "c": {"Mean": 0, "s": {"Max": 2}}})",
        "omit.json");
    const auto a = file.root().member("a");
    const auto b = file.root().member("b");
    const auto c = file.root().member("c");
    CHECK(python_equal(a, b, {"Max", "Min"}));
    CHECK(python_hash(a, {"Max", "Min"}) == python_hash(b, {"Max", "Min"}));
    CHECK_FALSE(python_equal(a, b));
    CHECK_FALSE(python_equal(a, c, {"Max", "Min"}));
}
