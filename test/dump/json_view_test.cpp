// JsonView over a parsed file: typed accessors answer only for their own
// type, an absent member is an empty view all the way down, and members and
// items come in file order.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/json_file.hpp"
#include "dump/json_view.hpp"
#include "json_text_file.hpp"

using msprobe::dump::JsonFile;
using msprobe::dump::JsonView;

using msprobe::testing::load_json_text;

TEST_CASE("JsonView: each accessor answers for its own type only") {
    const JsonFile file = load_json_text(
        R"({"i": -3, "big": 18446744073709551615, "d": 2.5, "nan": NaN, "s": "text", "t": true, "n": null,)"
        R"( "a": [1, "x"], "o": {"k": 1}})");
    const JsonView root = file.root();

    CHECK(root.member("i").integer() == -3);
    CHECK(root.member("i").number() == -3.0);
    CHECK_FALSE(root.member("i").is_double());
    CHECK_FALSE(root.member("i").string());

    CHECK_FALSE(root.member("big").integer());
    CHECK(root.member("big").uint64() == 18446744073709551615ULL);

    CHECK(root.member("d").is_double());
    CHECK(root.member("d").number() == 2.5);
    CHECK_FALSE(root.member("d").integer());
    CHECK(root.member("nan").is_double());

    CHECK(root.member("s").string() == std::string_view("text"));
    CHECK(root.member("s").text() == "text");
    CHECK(root.member("i").text().empty());

    CHECK(root.member("t").boolean() == true);
    CHECK_FALSE(root.member("t").number());
    CHECK(root.member("n").is_null());
    CHECK_FALSE(root.member("n").boolean());

    CHECK(root.member("a").is_array());
    CHECK(root.member("a").size() == 2);
    CHECK(root.member("o").is_object());
    CHECK(root.member("o").size() == 1);
    CHECK(root.member("s").size() == 0);
}

TEST_CASE("JsonView: an absent member is an empty view that stays empty") {
    const JsonFile file = load_json_text(R"({"a": [1], "o": {"k": null}})");
    const JsonView root = file.root();

    const JsonView missing = root.member("nothing").member("deeper");
    CHECK_FALSE(missing.present());
    CHECK_FALSE(missing.is_null());
    CHECK(missing.size() == 0);
    CHECK(missing.members().empty());
    CHECK_FALSE(missing.item(0).present());

    CHECK(root.member("o").has_member("k"));  // present, and null
    CHECK(root.member("o").member("k").is_null());
    CHECK_FALSE(root.member("a").member("k").present());  // not an object
    CHECK_FALSE(root.member("a").item(1).present());      // out of range
    CHECK(root.member("o").items().empty());              // not an array
}

TEST_CASE("JsonView: members and items in file order") {
    const JsonFile file = load_json_text(R"({"z": 1, "a": 2, "m": [3, "four", null]})");
    const JsonView root = file.root();

    std::vector<std::string> names;
    for (const auto& member : root.members()) names.emplace_back(member.name);
    CHECK(names == std::vector<std::string>{"z", "a", "m"});
    CHECK(root.member_at(1).value.integer() == 2);

    std::vector<std::string> kinds;
    for (const JsonView item : root.member("m").items()) {
        kinds.emplace_back(item.is_integer() ? "int" : item.is_string() ? std::string(item.text()) : "other");
    }
    CHECK(kinds == std::vector<std::string>{"int", "four", "other"});
}

TEST_CASE("JsonView: strings point into the parsed text") {
    const JsonFile file = load_json_text(R"({"name": "Functional.relu.0.forward"})");
    const JsonView root = file.root();
    const auto first = root.member("name").text();
    const auto again = root.member("name").text();
    CHECK(first == "Functional.relu.0.forward");
    CHECK(first.data() == again.data());
}

TEST_CASE("JsonView: truthy is Python's bool(), absent counting as false") {
    const JsonFile file = load_json_text(
        R"({"zero": 0, "fzero": 0.0, "one": 1, "empty": "", "s": "x", "no": false, "yes": true, "n": null,)"
        R"( "ea": [], "a": [0], "eo": {}, "o": {"k": 0}})");
    const JsonView root = file.root();
    for (const char* key : {"zero", "fzero", "empty", "no", "n", "ea", "eo", "absent"}) {
        INFO(key);
        CHECK_FALSE(root.member(key).truthy());
    }
    for (const char* key : {"one", "s", "yes", "a", "o"}) {
        INFO(key);
        CHECK(root.member(key).truthy());
    }
}

TEST_CASE("JsonView: int32 takes an integer token that fits in 32 bits, nothing else") {
    const JsonFile file = load_json_text(
        R"({"small": -7, "max": 2147483647, "over": 2147483648, "under": -2147483649, "float": 3.0, "bool": true,)"
        R"( "text": "3"})");
    const JsonView root = file.root();
    CHECK(root.member("small").int32() == -7);
    CHECK(root.member("max").int32() == 2147483647);
    CHECK_FALSE(root.member("over").int32());
    CHECK(root.member("over").integer() == 2147483648LL);
    CHECK_FALSE(root.member("under").int32());
    CHECK_FALSE(root.member("float").int32());  // 3.0 is a float, not an integer
    CHECK_FALSE(root.member("bool").int32());   // true does not pass as 1
    CHECK_FALSE(root.member("text").int32());
    CHECK_FALSE(root.member("absent").int32());
}
