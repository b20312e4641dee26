// One walk up construct.json, under the two rule sets the commands use:
// nan_analyze ends at an empty name or a repeat; parse treats an empty name as
// a module and follows a cycle up to 1000 nodes.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/construct_chain.hpp"
#include "dump/construct_parents.hpp"
#include "json_text_file.hpp"

using namespace msprobe::dump;
using Chain = std::vector<std::string>;

using msprobe::testing::load_json_text;

namespace {

ConstructParents parents_of(const std::string& text) { return ConstructParents::of(load_json_text(text).root()); }

}  // namespace

TEST_CASE("construct_chain: parents as names, nulls and [parent, micro_step] lists") {
    const ConstructParents construct = parents_of(R"({"Torch.relu.0.forward": "Module.block.forward.0",
                                                    "Module.block.forward.0": ["Module.model.forward.0", 0],
                                                    "Module.model.forward.0": null,
                                                    "Torch.add.0.forward": [],
                                                    "Torch.mul.0.forward": 7})");
    for (const auto& rules : {ConstructChainRules::nan_analyze(), ConstructChainRules::parse()}) {
        CHECK(construct_chain(construct, "Torch.relu.0.forward", rules) ==
              Chain{"Module.model.forward.0", "Module.block.forward.0", "Torch.relu.0.forward"});
        CHECK(construct_chain(construct, "Torch.add.0.forward", rules) == Chain{"Torch.add.0.forward"});
        CHECK(construct_chain(construct, "Torch.mul.0.forward", rules) == Chain{"Torch.mul.0.forward"});
        CHECK(construct_chain(construct, "Torch.absent.0.forward", rules) == Chain{"Torch.absent.0.forward"});
    }
    CHECK(construct_chain(ConstructParents(), "a", ConstructChainRules::parse()) == Chain{"a"});
}

TEST_CASE("construct_chain: an empty parent name ends nan_analyze's chain and is a node of parse's") {
    const ConstructParents construct = parents_of(R"({"a.0.forward": "m", "m": "", "": "top"})");
    CHECK(construct_chain(construct, "a.0.forward", ConstructChainRules::nan_analyze()) == Chain{"m", "a.0.forward"});
    CHECK(construct_chain(construct, "a.0.forward", ConstructChainRules::parse()) ==
          Chain{"top", "", "m", "a.0.forward"});
}

TEST_CASE("construct_chain: a cycle ends at its first repeat for nan_analyze, at 1000 nodes for parse") {
    const ConstructParents construct = parents_of(R"({"a.0.forward": "b", "b": "c", "c": "b"})");
    CHECK(construct_chain(construct, "a.0.forward", ConstructChainRules::nan_analyze()) ==
          Chain{"c", "b", "a.0.forward"});
    const Chain looped = construct_chain(construct, "a.0.forward", ConstructChainRules::parse());
    REQUIRE(looped.size() == 1000);
    CHECK(looped.back() == "a.0.forward");
    CHECK(looped[998] == "b");
    CHECK(looped[997] == "c");
    CHECK(looped.front() == "b");  // the 999 nodes above the entry alternate b, c
}
