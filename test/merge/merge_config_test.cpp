// config.yaml validation: every message of the spec, in its order of checks.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "merge/merge_config.hpp"
#include "merge/merge_test_files.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::merge::MergeConfig;
using msprobe::merge::parse_merge_config;

namespace {

std::string error_of(const std::string& yaml) {
    try {
        parse_merge_config(yaml, "config.yaml");
    } catch (const msprobe::Error& e) {
        CHECK(e.exit_code() == msprobe::kExitBadInput);
        CHECK(e.file() == "config.yaml");
        return e.reason();
    }
    return "no error";
}

}  // namespace

TEST_CASE("an empty or null config is refused as empty", "[merge_config]") {
    for (const char* yaml : {"", "~", "null", "# only a comment\n", "[]", "{}", "0", "false", "''"}) {
        INFO(yaml);
        CHECK(error_of(yaml) == "config.yaml is empty, please check.");
    }
}

TEST_CASE("a config without api entries is refused", "[merge_config]") {
    for (const char* yaml : {"compare_index:\n- Max diff\n", "api:\ncompare_index: [Max diff]\n", "api: []\n",
                             "api: ''\n", "api: 0\n", "api: false\n", "api: {}\n"}) {
        INFO(yaml);
        CHECK(error_of(yaml) == "The APIs required to merge data were not found.");
    }
}

TEST_CASE("an api that is not a list of names is refused", "[merge_config]") {
    for (const char* yaml : {"api: api1\n", "api: {a: 1}\n", "api: [api1, 1]\n", "api: [api1, [x]]\n",
                             "api: [api1, null]\n", "api: [true]\n", "- api1\n", "just text\n"}) {
        INFO(yaml);
        CHECK(error_of(yaml) == "The config format of 'api' is incorrect, please check.");
    }
}

TEST_CASE("a compare_index that is not a list of names is refused", "[merge_config]") {
    for (const char* yaml : {"api: [api1]\ncompare_index: index1\n", "api: [api1]\ncompare_index: {a: b}\n",
                             "api: [api1]\ncompare_index: [Max diff, 3]\n"}) {
        INFO(yaml);
        CHECK(error_of(yaml) == "The config format of 'compare_index' is incorrect, please check.");
    }
}

TEST_CASE("the api check runs before the compare_index check", "[merge_config]") {
    CHECK(error_of("api: api1\ncompare_index: index1\n") == "The config format of 'api' is incorrect, please check.");
    CHECK(error_of("compare_index: index1\n") == "The APIs required to merge data were not found.");
}

TEST_CASE("a valid config is returned as written", "[merge_config]") {
    const MergeConfig config = parse_merge_config(
        "api:\n- api1\n- '123'\n- Distributed.all_reduce\ncompare_index:\n- index1\n- index2\n", "c");
    CHECK(config.apis == std::vector<std::string>{"api1", "123", "Distributed.all_reduce"});
    CHECK(config.compare_index == std::vector<std::string>{"index1", "index2"});
}

TEST_CASE("a null or missing compare_index means all indices", "[merge_config]") {
    CHECK(parse_merge_config("api: [api1]\ncompare_index: null\n", "c").compare_index.empty());
    CHECK(parse_merge_config("api: [api1]\ncompare_index:\n", "c").compare_index.empty());
    CHECK(parse_merge_config("api: [api1]\n", "c").compare_index.empty());
    CHECK(parse_merge_config("api: [api1]\ncompare_index: []\n", "c").compare_index.empty());
}

TEST_CASE("repeated compare indices are kept once, at their first position", "[merge_config]") {
    const auto config = parse_merge_config("api: [a]\ncompare_index: [Max diff, L2norm diff, Max diff]\n", "c");
    CHECK(config.compare_index == std::vector<std::string>{"Max diff", "L2norm diff"});
}

TEST_CASE("unloadable yaml names the file", "[merge_config]") {
    const std::string reason = error_of("api: [a\n");
    CHECK(reason.rfind("Load yaml file failed", 0) == 0);
}

TEST_CASE("the config file must be a readable .yaml file", "[merge_config]") {
    const auto dir = msprobe::testing::scratch_dir("merge_config_file");
    msprobe::testing::write_merge_input_text(dir / "config.yml", "api: [a]\n");
    msprobe::testing::write_merge_input_text(dir / "config.yaml", "api: [a]\n");
    CHECK_THROWS_WITH(msprobe::merge::load_merge_config((dir / "config.yml").string()),
                      Catch::Contains("must be a .yaml file"));
    CHECK_THROWS_WITH(msprobe::merge::load_merge_config((dir / "missing.yaml").string()),
                      Catch::Contains("missing.yaml: no such file"));
    CHECK(msprobe::merge::load_merge_config((dir / "config.yaml").string()).apis == std::vector<std::string>{"a"});
}
