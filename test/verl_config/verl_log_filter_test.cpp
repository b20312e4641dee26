#include "verl_config/verl_log_filter.hpp"

#include <catch2/catch.hpp>

#include "common/python_json_writer.hpp"
#include "support/verl_training_logs.hpp"

using namespace msprobe::verl_config;

namespace {

std::string json_of(const PyValue& value) {
    msprobe::py::JsonWriter json(2);
    write_json(json, value);
    return json.text();
}

std::string reason(std::string_view log) {
    try {
        extract_config_lines(log);
    } catch (const LogFilterError& error) {
        return error.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("a config printed on one line", "[verl_log_filter]") {
    CHECK(extract_config_lines("[INFO] {'actor_rollout_ref': 'value'}") ==
          std::vector<std::string>{"{'actor_rollout_ref': 'value'}"});
    CHECK(json_of(filter_config("[INFO] {'actor_rollout_ref': [1, 2, 3]}\n")) ==
          "{\n  \"actor_rollout_ref\": [\n    1,\n    2,\n    3\n  ]\n}");
    CHECK(json_of(filter_config("[INFO] {'actor_rollout_ref': {'sub_key': 'sub_value'}, 'key2': 42}\n")) ==
          "{\n  \"actor_rollout_ref\": {\n    \"sub_key\": \"sub_value\"\n  },\n  \"key2\": 42\n}");
}

TEST_CASE("the lines of a pprint'ed config behind a worker's prefix, the last print counting", "[verl_log_filter]") {
    std::vector<std::string> warnings;
    const auto lines = extract_config_lines(msprobe::testing::interleaved_training_log(), &warnings);
    REQUIRE(lines.size() == 18);
    CHECK(lines[0] == "{'actor_rollout_ref': {'model': {'lora_rank': 0,");
    CHECK(lines[4] == "'vllm': {'swap_space': None}},");
    CHECK(lines[17] == "'weights': [0.5, 1e-05, -2, 3.25e+20]}}");
    CHECK(warnings == std::vector<std::string>{"This log contains 2 pieces of verl's config information, only the "
                                               "last config configuration will be collected!"});
    const std::string json = json_of(filter_config(msprobe::testing::interleaved_training_log()));
    CHECK(json.find("\"engine_kwargs\": {\n        \"sglang\": {},\n        \"vllm\": {\n          \"swap_space\": "
                    "null\n        }\n      },") != std::string::npos);
    CHECK(json.find("\"weights\": [\n      0.5,\n      1e-05,\n      -2,\n      3.25e+20\n    ]") != std::string::npos);
}

TEST_CASE("a string pprint wrapped over lines is read whole", "[verl_log_filter]") {
    const auto lines = extract_config_lines(msprobe::testing::wrapped_string_training_log());
    REQUIRE(lines.size() == 11);
    CHECK(lines[1] == "'note': 'a long sentence '");
    CHECK(lines[8] == "'narrowly'},");
    const PyValue config = filter_config(msprobe::testing::wrapped_string_training_log());
    CHECK(python_repr(config) ==
          "{'actor_rollout_ref': {'hybrid_engine': True, 'note': 'a long sentence with many words that pprint will "
          "wrap over more than one line when it is printed narrowly'}, 'data': {'prompt_key': 'prompt', "
          "'tokenizer': None}}");
}

TEST_CASE("msprobe's reasons for logs it cannot read", "[verl_log_filter]") {
    CHECK(reason("{'other_key': 'value'}") == "Not found the start with 'actor_rollout_ref' dict in log.");
    CHECK(reason("[INFO] {'actor_rollout_ref': 'value'") == "Unclosed dictionary, mismatched brackets of 1");
    CHECK(reason("prefix1{'actor_rollout_ref': {\nprefix2'a': 1}}") ==
          "The prefix of line prefix2'a': 1}} does not match prefix1.");
    // After a JSON print only JSON prints start a config: the Python print after it is not one, and the
    // JSON line keeps nothing.
    CHECK(extract_config_lines("P {\"actor_rollout_ref\": 1}\nP {'actor_rollout_ref': 2}").empty());
    // A JSON print keeps no line (no "':" in it): the empty text is no literal.
    CHECK_THROWS_AS(filter_config("PFX {\"actor_rollout_ref\": {\"a\": 1}}\n"), LogFilterError);
}

TEST_CASE("a multi-line print keeps what continues the dict", "[verl_log_filter]") {
    const std::string log = "[INFO] {'actor_rollout_ref': 'value',\n[INFO] 'key2': 'value2'}\n";
    CHECK(extract_config_lines(log) == std::vector<std::string>{"{'actor_rollout_ref': 'value',", "'key2': 'value2'}"});
    // Text after the closing brace on the last line is cut off.
    CHECK(extract_config_lines("[INFO] {'actor_rollout_ref': 1} trailing words") ==
          std::vector<std::string>{"{'actor_rollout_ref': 1}"});
}
