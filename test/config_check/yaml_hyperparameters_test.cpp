// msprobe's YamlParser rules; the expected JSON is what msprobe's parser and json.dumps(indent=4) give for the same
// file (PyYAML 6, CPython 3.11).
#include "config_check/yaml_hyperparameters.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "config_check/pack_writer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using msprobe::config_check::indented_json;
using msprobe::config_check::YamlHyperparameters;

TEST_CASE("yaml hyperparameters: dotted names, YAML 1.1 types, kept and indexed lists",
          "[config_check][yaml_hyperparameters]") {
    const auto dir = testing::scratch_dir("yaml_hyper");
    testing::write_file(dir / "a.yaml",
                        "model:\n"
                        "  layers: 24\n"
                        "  dropout: 0.1\n"
                        "  act: gelu\n"
                        "  flags: [1, 2.5, yes, \"x\", [1, {a: 1}]]\n"
                        "  items:\n"
                        "    - name: a\n"
                        "      v: 1\n"
                        "    - null\n"
                        "    - 7\n"
                        "train:\n"
                        "  lr: 1e-3\n"
                        "  lr2: 1.0e-3\n"
                        "  sw: off\n"
                        "  date: 2024-01-01\n"
                        "  n: ~\n"
                        "  big: 0x1F\n"
                        "  oct: 017\n"
                        "  sexa: 1:30\n"
                        "  inf: -.inf\n"
                        "  q: \"017\"\n"
                        "  empty: []\n"
                        "  under: 1_000\n");
    testing::write_file(dir / "b.yaml", "extra: 1\nmodel:\n  layers: 12\n");
    YamlHyperparameters parser;
    // 1e-3 is a text to YAML 1.1 (its exponent has no sign), 017 is octal, 1:30 base 60; None and the date go.
    CHECK(indented_json(parser.read(dir / "a.yaml")) ==
          "{\n"
          "    \"model.layers\": 24,\n"
          "    \"model.dropout\": 0.1,\n"
          "    \"model.act\": \"gelu\",\n"
          "    \"model.flags\": [\n"
          "        1,\n"
          "        2.5,\n"
          "        true,\n"
          "        \"x\",\n"
          "        [\n"
          "            1,\n"
          "            {\n"
          "                \"a\": 1\n"
          "            }\n"
          "        ]\n"
          "    ],\n"
          "    \"model.items.0.name\": \"a\",\n"
          "    \"model.items.0.v\": 1,\n"
          "    \"model.items.2\": 7,\n"
          "    \"train.lr\": \"1e-3\",\n"
          "    \"train.lr2\": 0.001,\n"
          "    \"train.sw\": false,\n"
          "    \"train.big\": 31,\n"
          "    \"train.oct\": 15,\n"
          "    \"train.sexa\": 90,\n"
          "    \"train.inf\": -Infinity,\n"
          "    \"train.q\": \"017\",\n"
          "    \"train.empty\": [],\n"
          "    \"train.under\": 1000\n"
          "}");
    // The second file's result holds the first's values too, as msprobe's shared parser state does.
    const auto both = parser.read(dir / "b.yaml");
    CHECK(both["model.layers"] == 12);
    CHECK(both["model.act"] == "gelu");
    CHECK(both.back() == 1);
    CHECK(both.size() == 18);
}

TEST_CASE("yaml hyperparameters: a key that is no text fails the file, keeping what came before it",
          "[config_check][yaml_hyperparameters]") {
    const auto dir = testing::scratch_dir("yaml_hyper_bad");
    testing::write_file(dir / "a.yaml", "first: 1\nsection:\n  on: 2\n");
    testing::write_file(dir / "b.yaml", "x: [unclosed\n");
    testing::write_file(dir / "c.yaml", "second: 2\n");
    YamlHyperparameters parser;
    CHECK_THROWS_AS(parser.read(dir / "a.yaml"), Error);
    CHECK_THROWS_AS(parser.read(dir / "b.yaml"), Error);
    CHECK_THROWS_AS(parser.read(dir / "missing.yaml"), Error);
    const auto after = parser.read(dir / "c.yaml");
    CHECK(after.size() == 2);
    CHECK(after["first"] == 1);
}

TEST_CASE("yaml hyperparameters: merge keys as PyYAML flattens them", "[config_check][yaml_hyperparameters]") {
    const auto dir = testing::scratch_dir("yaml_hyper_merge");
    // The merged mappings come first (of a list, the first one wins), the mapping's own names override them.
    testing::write_file(dir / "m.yaml",
                        "a: &a\n  x: 1\n  z: 0\nb: &b\n  x: 2\n  w: 5\nc:\n  y: 3\n  <<: [*a, *b]\n  z: 9\n");
    YamlHyperparameters parser;
    CHECK(parser.read(dir / "m.yaml").dump() == R"({"a.x":1,"a.z":0,"b.x":2,"b.w":5,"c.x":1,"c.w":5,"c.z":9,"c.y":3})");
}
