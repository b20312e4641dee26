#include "verl_config/hyper_param_table.hpp"

#include <catch2/catch.hpp>

#include "verl_config/python_literal.hpp"

using namespace msprobe::verl_config;

namespace {

PyValue value(std::string_view text) { return *parse_python_literal(text); }

}  // namespace

TEST_CASE("configs flattened with '/', empty dicts kept as leaves", "[hyper_param_table]") {
    const auto flat = flatten_config(value("{'a': {'b': 1, 'c': {}}, 'd': [1, {'e': 2}]}"));
    REQUIRE(flat.size() == 3);
    CHECK(flat[0].first == "a/b");
    CHECK(flat[1].first == "a/c");
    CHECK(python_repr(flat[1].second) == "{}");
    CHECK(flat[2].first == "d");
    CHECK(python_repr(flat[2].second) == "[1, {'e': 2}]");
}

TEST_CASE("compare rows: sorted keys, profiler and ray keys left out, NA for a missing side", "[hyper_param_table]") {
    const auto rows = compare_hyper_params(value("{'b': 1, 'a': {'profiler': {'x': 1}}, 'ray_init': 2, 'c': 'x'}"),
                                           value("{'b': 1.0, 'd': None, 'c': 'y'}"));
    REQUIRE(rows.size() == 3);
    CHECK((rows[0].name == "b" && rows[0].first == "1" && rows[0].second == "1.0" && rows[0].consistent));
    CHECK((rows[1].name == "c" && rows[1].first == "'x'" && rows[1].second == "'y'" && !rows[1].consistent));
    CHECK((rows[2].name == "d" && rows[2].first == "NA" && rows[2].second == "None" && !rows[2].consistent));
}

TEST_CASE("verify rows: the benchmark's keys only", "[hyper_param_table]") {
    const auto rows = verify_hyper_params(value("{'x': {'y': False}}"), value("{'x': {'y': 0, 'z': 1}}"));
    REQUIRE(rows.size() == 1);
    CHECK((rows[0].name == "x/y" && rows[0].first == "False" && rows[0].second == "0" && rows[0].consistent));
}

TEST_CASE("the CSV: byte order mark, quoting as pandas does, formula-like names guarded", "[hyper_param_table]") {
    const std::vector<HyperParamRow> rows = {{"a,b", "[1, 2]", "NA", false}, {"=cmd", "'x'", "'x'", true}};
    CHECK(hyper_param_csv(kCompareHeader, rows) ==
          "\xEF\xBB\xBF超参名称,NPU生效值,bench生效值,是否一致\n"
          "\"a,b\",\"[1, 2]\",NA,否\n"
          "'=cmd,'x','x',是\n");
}
