// The false-positive filter: rule keys, the built-in rules against msprobe's
// shipped ignore_rules.yaml, and the matching of anomalous positions.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "overflow/ignore_rules.hpp"
#include "support/overflow_sample_dumps.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::overflow;
using namespace msprobe::testing;

namespace {

EntryAnomalies anomalies_of(const std::string& entry_text) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag>(entry_text.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    return find_entry_anomalies(doc);
}

}  // namespace

TEST_CASE("rule keys are the first two name segments, lower-cased", "[overflow]") {
    CHECK(rule_key("Torch.empty_like.0.forward") == "torch.empty_like");
    CHECK(rule_key("Distributed.recv.3.backward") == "distributed.recv");
    CHECK(rule_key("Tensor.masked_fill_.2.forward") == "tensor.masked_fill_");
    CHECK(rule_key("Torch") == "torch");
}

TEST_CASE("the built-in rules are msprobe's shipped ignore_rules.yaml", "[overflow][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const IgnoreRules shipped = IgnoreRules::load(*fixtures / "reference_samples/overflow_check_ignore_rules.yaml");
    const IgnoreRules builtin = IgnoreRules::builtin();
    REQUIRE(shipped.rules().size() == 10);
    REQUIRE(builtin.rules().size() == shipped.rules().size());
    for (std::size_t i = 0; i < shipped.rules().size(); ++i) {
        const auto& a = shipped.rules()[i];
        const auto& b = builtin.rules()[i];
        INFO(a.api_name);
        CHECK(a.api_name == b.api_name);
        CHECK(a.input_indices == b.input_indices);
        CHECK(a.input_names == b.input_names);
        CHECK(a.output_indices == b.output_indices);
    }
}

TEST_CASE("a rule drops an entry only when every anomaly is at an ignored position", "[overflow]") {
    const IgnoreRules rules = IgnoreRules::builtin();
    const std::string nan = t("NaN", "NaN");
    const std::string ok = t("1", "0");
    // torch.empty_like ignores output 0 only.
    CHECK(rules.ignores("Torch.empty_like.0.forward",
                        anomalies_of("{\"input_args\": [" + ok + "], \"output\": [" + nan + "]}")));
    CHECK_FALSE(rules.ignores("Torch.empty_like.0.forward",
                              anomalies_of("{\"input_args\": [" + ok + "], \"output\": [" + ok + ", " + nan + "]}")));
    // distributed.recv ignores input 0 and keyword tensor; its outputs are not checked.
    CHECK(rules.ignores("Distributed.recv.0.forward",
                        anomalies_of("{\"input_args\": [" + nan + "], \"input_kwargs\": {\"tensor\": " + nan +
                                     "}, \"output\": [" + nan + "]}")));
    CHECK_FALSE(rules.ignores("Distributed.recv.0.forward",
                              anomalies_of("{\"input_args\": [" + ok + ", " + nan + "], \"output\": []}")));
    CHECK_FALSE(rules.ignores("Distributed.recv.0.forward",
                              anomalies_of("{\"input_args\": [], \"input_kwargs\": {\"src\": " + nan + "}}")));
    // Backward entries: "input" stands for input_args.
    CHECK(rules.ignores("Distributed.recv.3.backward", anomalies_of("{\"input\": [" + nan + "], \"output\": []}")));
    // Unknown names have no rule.
    CHECK_FALSE(rules.ignores("Torch.add.0.forward",
                              anomalies_of("{\"input_args\": [" + ok + "], \"output\": [" + nan + "]}")));
    CHECK_FALSE(IgnoreRules::none().ignores("Torch.empty.0.forward",
                                            anomalies_of("{\"input_args\": [], \"output\": [" + nan + "]}")));
}

TEST_CASE("ignore rules files: first rule per name wins, empty rules are dropped, bad files are errors", "[overflow]") {
    const auto dir = scratch_dir("overflow_rules");
    write_file(dir / "rules.yaml", R"(ignore_nan_inf:
  - api_name: "torch.add"
    output_ignore:
      - index: 1
  - api_name: "torch.add"
    output_ignore:
      - index: 0
  - api_name: "torch.sub"
    description: "no ignore part"
  - api_name: ""
    output_ignore:
      - index: 0
)");
    const IgnoreRules rules = IgnoreRules::load(dir / "rules.yaml");
    REQUIRE(rules.rules().size() == 1);
    CHECK(rules.rules()[0].output_indices == std::vector<int>{1});
    write_file(dir / "bad.yaml", "ignore_nan_inf: [ {api_name: x, output_ignore: [ {index: zero} ] } ]");
    CHECK_THROWS_WITH(IgnoreRules::load(dir / "bad.yaml"), Catch::Contains("bad.yaml"));
    write_file(dir / "broken.yaml", "ignore_nan_inf: [ unclosed");
    CHECK_THROWS_AS(IgnoreRules::load(dir / "broken.yaml"), msprobe::Error);
    CHECK_THROWS_AS(IgnoreRules::load(dir / "missing.yaml"), msprobe::Error);
}
