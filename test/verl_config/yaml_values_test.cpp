#include "verl_config/yaml_values.hpp"

#include <catch2/catch.hpp>

#include "verl_config/verl_checks.hpp"

using namespace msprobe::verl_config;

TEST_CASE("plain scalars resolved as PyYAML resolves them", "[yaml_values]") {
    const PyValue doc = load_yaml_values(
        "a: yes\nb: off\nc: ~\nd:\ne: 0x1F\nf: 017\ng: 1e5\nh: 1.0e+5\ni: .inf\nj: 1_000\nk: '1'\nl: 1:30\n"
        "m: [1, two]\nn: True\n");
    CHECK(python_repr(doc) ==
          "{'a': True, 'b': False, 'c': None, 'd': None, 'e': 31, 'f': 15, 'g': '1e5', 'h': 100000.0, 'i': inf, "
          "'j': 1000, 'k': '1', 'l': 90, 'm': [1, 'two'], 'n': True}");
}

TEST_CASE("a date is a datetime.date, equal to no text", "[yaml_values]") {
    const PyValue doc = load_yaml_values("day: 2001-12-14\nquoted: '2001-12-14'\n");
    CHECK(python_repr(doc) == "{'day': datetime.date(2001, 12, 14), 'quoted': '2001-12-14'}");
    CHECK_FALSE(python_equal(doc.items[1], doc.items[3]));
}

TEST_CASE("msprobe's verify list reads as its yaml says", "[yaml_values]") {
    const PyValue doc = load_yaml_values(kDefaultVerifyYaml);
    CHECK(python_repr(doc).starts_with("{'trainer': {'balance_batch': False}, 'critic': {'shuffle': False"));
    CHECK(python_repr(doc).ends_with("'algorithm': {'filter_groups': {'enable': False}}, 'VLLM_ASCEND_ENABLE_NZ': 0}"));
}

TEST_CASE("a broken yaml is an error with the parser's reason", "[yaml_values]") {
    CHECK_THROWS_AS(load_yaml_values("a: [1, 2\n"), std::invalid_argument);
}
