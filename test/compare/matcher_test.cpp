// The spec's matching test vectors (compare.md §4.4, §4.5, §15.6; mapping.md §8, §13).
#include <catch2/catch.hpp>

#include "compare/fuzzy_match.hpp"
#include "compare/matcher.hpp"

using namespace msprobe;
using namespace msprobe::compare;

namespace {

dump::DumpFile dump_of(const std::vector<std::tuple<std::string, std::string, std::string>>& rows) {
    dump::DumpFile dump;
    dump.framework = "pytorch";
    for (const auto& [name, dtype, shape] : rows) {
        dump::DumpRow row;
        row.name = name, row.dtype = dtype, row.shape = shape;
        dump.rows.push_back(row);
    }
    return dump;
}

std::vector<std::pair<std::uint32_t, std::int64_t>> as_pairs(const std::vector<RowPair>& pairs) {
    std::vector<std::pair<std::uint32_t, std::int64_t>> out;
    for (const auto& p : pairs) out.emplace_back(p.npu, p.bench);
    return out;
}

}  // namespace

TEST_CASE("fuzzy names drop the call counter (and, for modules, the class)", "[matcher]") {
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

TEST_CASE("fuzzy match point", "[matcher]") {
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

TEST_CASE("fuzzy scan pairs in dump order, dtype gate after", "[matcher]") {
    const auto npu = dump_of({{"Functional.conv2d.3.forward.input.0", "torch.float32", "[2]"},
                              {"Functional.amax.1.forward.input.0", "torch.float32", "[2]"}});
    const auto bench = dump_of({{"Functional.conv2d.0.forward.input.0", "torch.float16", "[2]"},
                                {"Functional.amax.0.forward.input.0", "torch.int64", "[2]"}});
    MatchPlan plan;
    plan.strategy = MatchStrategy::Fuzzy;
    // conv2d pairs (float32 ~ float16); amax pairs but fails the dtype gate.
    CHECK(as_pairs(match_rows(npu, bench, plan)) == std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 0}, {1, -1}});
    // Without -f nothing matches.
    CHECK(as_pairs(match_rows(npu, bench)) == std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, -1}, {1, -1}});
}

TEST_CASE("fuzzy scan: NPU rows left when the bench side runs out", "[matcher]") {
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

TEST_CASE("data-mapping join: key only, no shape or dtype check", "[matcher]") {
    const auto npu = dump_of({{"Functional.flash_attention_score.4.forward.input.0", "Float16", "[2, 4]"},
                              {"Tensor.__add__.0.forward.input.0", "Float32", "[3]"},
                              {"Cell.x.Dense.forward.0.input.0", "Float32", "[3]"}});
    const auto bench = dump_of({{"NPU.npu_fusion_attention.4.forward.input.0", "torch.int64", "[8]"},
                                {"Tensor.__add__.0.forward.input.0", "torch.float32", "[4]"}});
    MatchPlan plan;
    plan.strategy = MatchStrategy::DataMapping;
    plan.npu_keys = {"NPU.npu_fusion_attention.4.forward.input.0", "Tensor.__add__.0.forward.input.0", "N/A"};
    CHECK(as_pairs(match_rows(npu, bench, plan)) ==
          std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 0}, {1, 1}, {2, -1}});
}

TEST_CASE("data-mapping join keeps duplicate NPU names and every bench match", "[matcher]") {
    // msprobe fails on duplicate NPU names here ("categories must be unique"); we keep every row.
    const auto npu = dump_of({{"A.x.0.forward.input.0", "Float32", "[2]"}, {"A.x.0.forward.input.0", "Float32", "[2]"}});
    const auto bench = dump_of({{"B.x.0.forward.input.0", "torch.float32", "[2]"},
                                {"B.x.0.forward.input.0", "torch.float32", "[3]"}});
    MatchPlan plan;
    plan.strategy = MatchStrategy::DataMapping;
    plan.npu_keys = {"B.x.0.forward.input.0", "B.x.0.forward.input.0"};
    CHECK(as_pairs(match_rows(npu, bench, plan)) ==
          std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 0}, {0, 1}, {1, 0}, {1, 1}});
}

TEST_CASE("dtype compatibility", "[matcher]") {
    CHECK(dtypes_compatible("Float16", "Float32", false));
    CHECK(dtypes_compatible("torch.float32", "torch.bfloat16", false));
    CHECK_FALSE(dtypes_compatible("torch.float64", "torch.float32", false));
    CHECK(dtypes_compatible("Float32", "torch.float64", true));
    CHECK(dtypes_compatible("Int8", "torch.int64", true));
    CHECK(dtypes_compatible("Bool", "torch.bool", true));
    CHECK(dtypes_compatible("Complex64", "torch.complex128", true));
    CHECK_FALSE(dtypes_compatible("unknown", "torch.float32", true));
    CHECK(dtypes_compatible("<class 'int'>", "<class 'int'>", false));
}
