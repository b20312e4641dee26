// msprobe's JSON dialect parsed in place: Python's NaN and Infinity tokens,
// member order kept, and the first error with its byte offset.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "dump/json_parse.hpp"

using namespace msprobe::dump;

namespace {

struct Parsed {
    std::string text;  // owns the characters the document points into
    rapidjson::Document document;
    std::optional<JsonParseError> error;
};

std::unique_ptr<Parsed> parse(const std::string& json) {
    auto parsed = std::make_unique<Parsed>();
    parsed->text = json;
    parsed->text.append(kJsonTextPadding - 1, '\0');  // with std::string's own terminator
    parsed->error = parse_json_in_place(parsed->document, parsed->text.data(), json.size(), Utf8Check::Validate);
    return parsed;
}

}  // namespace

TEST_CASE("Python's non-finite tokens are numbers, member order is kept", "[dump][json_parse]") {
    const auto parsed = parse(R"({"z": NaN, "a": Infinity, "m": -Infinity, "s": "x"})");
    REQUIRE_FALSE(parsed->error);
    const auto& root = parsed->document;
    REQUIRE(root.IsObject());
    std::string order;
    for (const auto& m : root.GetObject()) order += m.name.GetString();
    CHECK(order == "zams");
    CHECK(std::isnan(root["z"].GetDouble()));
    CHECK(root["a"].GetDouble() == INFINITY);
    CHECK(root["m"].GetDouble() == -INFINITY);
    CHECK(std::string(root["s"].GetString()) == "x");
}

TEST_CASE("the first error says what and where", "[dump][json_parse]") {
    const auto missing_comma = parse(R"([1, 2 3])");
    REQUIRE(missing_comma->error);
    CHECK(missing_comma->error->kind == JsonParseError::Kind::Malformed);
    CHECK(missing_comma->error->offset == 6);  // at the "3"
    const auto repeated = parse(R"({"a": 1, "a": 2})");
    REQUIRE(repeated->error);
    CHECK(repeated->error->kind == JsonParseError::Kind::RepeatedKey);
    const auto deep = parse(std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']'));
    REQUIRE(deep->error);
    CHECK(deep->error->kind == JsonParseError::Kind::TooDeep);
    CHECK_FALSE(parse(std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']'))->error);
}

TEST_CASE("a name repeated below the third level is kept, as Python keeps the last", "[dump][json_parse]") {
    CHECK_FALSE(parse(R"({"a": {"b": {"c": {"k": 1, "k": 2}}}})")->error);
    CHECK(parse(R"({"a": {"b": {"k": 1, "k": 2}}})")->error);
}
