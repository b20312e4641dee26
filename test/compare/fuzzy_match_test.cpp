// Fuzzy matching (-f): names without the call counter and msprobe's
// two-queue scan (compare.md §4.4).
#include <catch2/catch.hpp>

#include "compare/fuzzy_match.hpp"

using namespace msprobe::compare;

TEST_CASE("fuzzy names drop the call counter (and, for modules, the class)", "[fuzzy_match]") {
    const std::pair<const char*, const char*> vectors[] = {
        {"Functional.conv2d.12.backward.output.0", "Functional.conv2d.backward.output.0"},
        {"Functional.linear.12.backward.output.1", "Functional.linear.backward.output.1"},
        {"Tensor.add_.3.forward.input.alpha", "Tensor.add_.forward.input.alpha"},
        {"Functional.linear.0.forward.input.0.pt", "Functional.linear.forward.input.0.pt"},
        {"Module.layer1.Linear.forward.0.input.0", "Module.layer1.forward.0.input.0"},
        {"Cell.fc1.Dense.forward.0.input.0", "Cell.fc1.forward.0.input.0"},
        {"Module.forward_net.Net.forward.0.output.0", "Module.forward_net.Net."},
        {"Module.feedforward.MLP.forward.0.input.0", "Module.forward.MLP."},
        {"Module.fc.Linear.parameters_grad.weight", "Module.fc.Linear.parameters_grad.weight"},
    };
    for (const auto& [name, fuzzy] : vectors) {
        INFO(name);
        CHECK(fuzzy_name(name) == fuzzy);
    }
    CHECK(fuzzy_name("Functional.conv2d.0.forward.input.0") == fuzzy_name("Functional.conv2d.1.forward.input.0"));
    CHECK(fuzzy_name("Functional.linear.0.forward.input.0") == fuzzy_name("Functional.linear.1.forward.input.0"));
}

TEST_CASE("fuzzy match point", "[fuzzy_match]") {
    const FuzzyItem a{"Functional.conv2d.forward.input.0", "[2]"};
    const FuzzyItem b{"Functional.amax.forward.input.0", "[2]"};
    const FuzzyItem a_other_shape{"Functional.conv2d.forward.input.0", "[3]"};
    using Point = std::optional<std::pair<std::size_t, std::size_t>>;
    CHECK(find_match_point({a}, {a}) == Point{{0, 0}});
    CHECK(find_match_point({a}, {a, b}) == Point{{0, 0}});
    CHECK(find_match_point({a, b}, {a}) == Point{{0, 0}});
    CHECK(find_match_point({a}, {a_other_shape}) == std::nullopt);
    // The newest NPU row against older bench rows comes first.
    CHECK(find_match_point({b, a}, {a, b}) == Point{{1, 0}});
}

TEST_CASE("fuzzy scan: NPU rows left when the bench side runs out", "[fuzzy_match]") {
    // S8: relu.3, relu.4, gelu.0 against relu.0, relu.1 (input and output rows each).
    std::vector<FuzzyItem> npu, bench;
    for (const char* name : {"Functional.relu.3.forward.input.0", "Functional.relu.3.forward.output.0",
                             "Functional.relu.4.forward.input.0", "Functional.relu.4.forward.output.0",
                             "Functional.gelu.0.forward.input.0", "Functional.gelu.0.forward.output.0"}) {
        npu.push_back({fuzzy_name(name), "[3]"});
    }
    for (const char* name : {"Functional.relu.0.forward.input.0", "Functional.relu.0.forward.output.0",
                             "Functional.relu.1.forward.input.0", "Functional.relu.1.forward.output.0"}) {
        bench.push_back({fuzzy_name(name), "[3]"});
    }
    using Out = std::vector<std::pair<std::size_t, std::ptrdiff_t>>;
    CHECK(fuzzy_match(npu, bench, true) == Out{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, -1}, {5, -1}});
    CHECK(fuzzy_match(npu, bench, false) == Out{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, -1}});  // msprobe's loss
}
