// A user's yaml file: the document, scalars as written, and one error naming
// the file with the line and column of what is wrong.
#include <catch2/catch.hpp>

#include <string>

#include <yaml-cpp/yaml.h>

#include "common/error.hpp"
#include "mapping/yaml_file.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::mapping;

TEST_CASE("load_yaml_file reads the document, an empty file is null", "[mapping][yaml_file]") {
    const auto doc = load_yaml_file(msprobe::testing::scratch_file("yaml_file_ok", "m.yaml", "a: 1\nb: [x, y]\n"));
    REQUIRE(doc.IsMap());
    CHECK(doc["a"].Scalar() == "1");
    CHECK(doc["b"].size() == 2);
    CHECK(load_yaml_file(msprobe::testing::scratch_file("yaml_file_empty", "m.yaml", "")).IsNull());
}

TEST_CASE("malformed yaml is refused with its line and column", "[mapping][yaml_file]") {
    const auto path = msprobe::testing::scratch_file("yaml_file_bad", "m.yaml", "a: 1\nb: [x, y\n");
    const std::string reason = msprobe::testing::refusal_reason(path, load_yaml_file);
    CHECK(reason.starts_with("not valid YAML at line "));
}

TEST_CASE("scalar_text takes plain values and names what else it found", "[mapping][yaml_file]") {
    const YAML::Node doc = YAML::Load("k: 007\nm: {x: 1}\nl: [1]\nn: ~\n");
    CHECK(scalar_text(doc["k"], "m.yaml", "a cell name") == "007");  // as written
    const auto reason = [&](const char* key) {
        return msprobe::testing::refusal_reason("m.yaml", [&](const std::filesystem::path& file) {
            scalar_text(doc[key], file, "a cell name");
        });
    };
    CHECK(reason("m") == "a cell name must be a plain value, not a mapping");
    CHECK(reason("l") == "a cell name must be a plain value, not a list");
    CHECK(reason("n") == "a cell name must be a plain value, not a null");
}
