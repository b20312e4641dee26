// construct.json chains are followed through an index: a chain through
// 200,000 modules comes back whole and in order (it used to search the whole
// file once per link).
#include <catch2/catch.hpp>

#include <string>

#include "dump/construct_parents.hpp"
#include "dump/json_file.hpp"
#include "first_diff/nan_analyze_job.hpp"

using msprobe::first_diff::construct_chain;

TEST_CASE("nan_analyze: a construct chain of 200,000 modules", "[first_diff][nan_analyze]") {
    constexpr int kModules = 200'000;
    std::string text = "{\"Torch.relu.0.forward\": \"Module.m0.forward.0\"";
    for (int i = 0; i + 1 < kModules; ++i) {
        text +=
            ", \"Module.m" + std::to_string(i) + ".forward.0\": \"Module.m" + std::to_string(i + 1) + ".forward.0\"";
    }
    text += ", \"Module.m" + std::to_string(kModules - 1) + ".forward.0\": null}";
    const auto file = msprobe::dump::JsonFile::from_text(std::move(text), "construct.json");
    const auto chain = construct_chain(msprobe::dump::ConstructParents::of(file.root()), "Torch.relu.0.forward");
    REQUIRE(chain.size() == kModules + 1);
    CHECK(chain.front() == "Module.m199999.forward.0");
    CHECK(chain[kModules - 1] == "Module.m0.forward.0");
    CHECK(chain.back() == "Torch.relu.0.forward");
}
