// --api selection: exact name, then both directions, then prefix; and the
// message with the closest names when nothing is selected.
#include <catch2/catch.hpp>

#include "parse/api_query.hpp"

using namespace msprobe::parse;

namespace {

const std::vector<std::string> kNames = {
    "Functional.conv2d.0.forward", "Functional.conv2d.0.backward", "Functional.conv2d.1.forward",
    "Functional.relu.0.forward",   "Functional.conv2d.0",          "Tensor.add.0.forward",
};

ApiQuery query(std::string text, bool prefix_only = false, bool exact_only = false) {
    return {std::move(text), prefix_only, exact_only};
}

}  // namespace

TEST_CASE("the exact name wins", "[api_query]") {
    CHECK(select_entries(kNames, query("Functional.conv2d.0.forward")) == std::vector<std::size_t>{0});
    // "Functional.conv2d.0" is itself an entry: no direction fallback.
    CHECK(select_entries(kNames, query("Functional.conv2d.0")) == std::vector<std::size_t>{4});
}

TEST_CASE("a name without direction selects forward and backward", "[api_query]") {
    CHECK(select_entries(kNames, query("Functional.conv2d.1")) == std::vector<std::size_t>{2});
    const std::vector<std::string> names = {"A.x.0.backward", "B", "A.x.0.forward"};
    CHECK(select_entries(names, query("A.x.0")) == std::vector<std::size_t>{0, 2});
}

TEST_CASE("otherwise every name starting with the text", "[api_query]") {
    CHECK(select_entries(kNames, query("Functional.conv2d")) == std::vector<std::size_t>{0, 1, 2, 4});
    CHECK(select_entries(kNames, query("Tensor.")) == std::vector<std::size_t>{5});
    CHECK(select_entries(kNames, query("Torch.")).empty());
    CHECK(select_entries(kNames, query("")) == std::vector<std::size_t>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("prefix-only skips the exact rules, exact-only stops after them", "[api_query]") {
    CHECK(select_entries(kNames, query("Functional.conv2d.0", true)) == std::vector<std::size_t>{0, 1, 4});
    CHECK(select_entries(kNames, query("Functional.conv2d.0.forward", false, true)) == std::vector<std::size_t>{0});
    CHECK(select_entries(kNames, query("Functional.conv2d.1", false, true)).empty());
    CHECK(select_entries(kNames, query("Functional.conv2d", false, true)).empty());
}

TEST_CASE("not found: the five closest names by edit distance, ties in file order", "[api_query]") {
    CHECK(not_found_message(kNames, query("Functional.conv3d.0.forward"), "dump.json") ==
          "API Functional.conv3d.0.forward not found in dump.json (closest: Functional.conv2d.0.forward, "
          "Functional.conv2d.1.forward, Functional.conv2d.0.backward, Functional.relu.0.forward, Functional.conv2d.0)");
    CHECK(not_found_message({}, query("x"), "dump.json") == "API x not found in dump.json");
    CHECK(not_found_message({"ab", "b"}, query("b"), "f") == "API b not found in f (closest: b, ab)");
}
