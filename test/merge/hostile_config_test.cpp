// merge_result's config.yaml from a hostile hand: plain_scalar_kind against
// the YAML 1.1 resolver patterns it replaces (same answer on every short
// spelling, no stack overflow on a scalar of 50,000 digits), deep nesting,
// and a FIFO in place of the file.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <regex>
#include <string>

#include "common/error.hpp"
#include "common/yaml_scalar_kind.hpp"
#include "merge/merge_config.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::py::plain_scalar_kind;
using msprobe::py::ScalarKind;

namespace {

// PyYAML's implicit resolvers for null, bool, int and float (YAML 1.1).
ScalarKind regex_kind(const std::string& text) {
    static const std::regex kNull("^(~|null|Null|NULL|)$");
    static const std::regex kBool("^(yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$");
    static const std::regex kInt(
        "^[-+]?(0b[0-1_]+|0[0-7_]+|(0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)$");
    static const std::regex kFloat(
        "^([-+]?[0-9][0-9_]*\\.[0-9_]*([eE][-+][0-9]+)?|\\.[0-9_]+([eE][-+][0-9]+)?|"
        "[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$");
    if (std::regex_match(text, kNull)) return ScalarKind::Null;
    if (std::regex_match(text, kBool)) return ScalarKind::Bool;
    if (std::regex_match(text, kInt) || std::regex_match(text, kFloat)) return ScalarKind::Number;
    return ScalarKind::String;
}

}  // namespace

TEST_CASE("plain_scalar_kind agrees with the resolver patterns on every short spelling", "[merge_config]") {
    const std::string alphabet = "0179_.:+-eExbaf6";
    std::size_t checked = 0;
    for (std::size_t length = 0; length <= 4; ++length) {
        std::vector<std::size_t> digits(length, 0);
        while (true) {
            std::string text;
            for (const auto d : digits) text += alphabet[d];
            if (plain_scalar_kind(text) != regex_kind(text)) FAIL("differs on '" << text << "'");
            ++checked;
            std::size_t i = 0;
            while (i < length && ++digits[i] == alphabet.size()) digits[i++] = 0;
            if (i == length) break;
        }
    }
    CHECK(checked == 1 + 16 + 256 + 4096 + 65536);
    for (const char* text : {"~",           "null",
                             "NULL",        "yes",
                             "Off",         ".inf",
                             "-.Inf",       ".NaN",
                             "+.nan",       "1:20",
                             "1:60",        "190:20:30.15",
                             "0x_1F",       "0b",
                             "0o7",         "1e5",
                             "1.0e+5",      "1.0e5",
                             "._1",         "+._1",
                             "1__",         "Functional.conv2d",
                             "Tensor.add_", "10:5:59",
                             "1:2:3:4",     "1:2:3",
                             "+1:5",        "-0:5",
                             "1_0.5_",      "0_7:1",
                             "1.5e+1_",     "9:5.",
                             "-9:59.9",     "+.5"}) {
        INFO(text);
        CHECK(plain_scalar_kind(text) == regex_kind(text));
    }
}

TEST_CASE("a 50,000-digit api item is a number, not a crash", "[merge_config]") {
    const std::string digits(50'000, '7');
    CHECK(plain_scalar_kind(digits) == ScalarKind::Number);
    CHECK(plain_scalar_kind(digits + ".5e+3") == ScalarKind::Number);
    CHECK(plain_scalar_kind("1" + std::string(50'000, '_') + ":30") == ScalarKind::Number);
    CHECK(plain_scalar_kind(digits + "x") == ScalarKind::String);
    CHECK_THROWS_WITH(msprobe::merge::parse_merge_config("api:\n- " + digits + "\n", "config.yaml"),
                      "config.yaml: The config format of 'api' is incorrect, please check.");
}

TEST_CASE("a config nested 100,000 deep or in a FIFO is refused by name", "[merge_config]") {
    const std::string deep = "api: " + std::string(100'000, '[') + std::string(100'000, ']') + "\n";
    CHECK_THROWS_WITH(msprobe::merge::parse_merge_config(deep, "config.yaml"),
                      Catch::Contains("config.yaml: Load yaml file failed: nested deeper than"));
    const auto dir = msprobe::testing::scratch_dir("merge_config_fifo");
    REQUIRE(::mkfifo((dir / "config.yaml").c_str(), 0600) == 0);
    CHECK_THROWS_WITH(msprobe::merge::load_merge_config((dir / "config.yaml").string()),
                      Catch::Contains("config.yaml: not a regular file (it is a FIFO)"));
}
