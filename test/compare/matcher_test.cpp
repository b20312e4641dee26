// The spec's matching test vectors (compare.md §4.4, §4.5, §15.6; mapping.md §8, §13).
#include <catch2/catch.hpp>

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

TEST_CASE("exact match: same name and shape, then the dtype gate", "[matcher]") {
    const auto npu = dump_of({{"Functional.relu.0.forward.input.0", "torch.float32", "[2]"},
                              {"Functional.relu.0.forward.output.0", "torch.float32", "[2]"},
                              {"Functional.gelu.0.forward.input.0", "torch.float64", "[2]"},
                              {"Functional.tanh.0.forward.input.0", "torch.float32", "[2]"}});
    const auto bench = dump_of({{"Functional.gelu.0.forward.input.0", "torch.float32", "[2]"},
                                {"Functional.relu.0.forward.output.0", "torch.float32", "[3]"},
                                {"Functional.relu.0.forward.input.0", "torch.bfloat16", "[2]"}});
    // relu input: found at bench 2, float32 ~ bfloat16; relu output: shape differs;
    // gelu: float64 vs float32 fails the gate; tanh: no bench row of that name.
    CHECK(as_pairs(match_rows(npu, bench)) ==
          std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 2}, {1, -1}, {2, -1}, {3, -1}});
}

TEST_CASE("exact match pairs a repeated name with every bench row of that name and shape", "[matcher]") {
    const auto npu = dump_of({{"A.x.0.forward.input.0", "torch.float32", "[2]"}});
    const auto bench = dump_of({{"A.x.0.forward.input.0", "torch.float32", "[2]"},
                                {"A.x.0.forward.input.0", "torch.float32", "[4]"},
                                {"A.x.0.forward.input.0", "torch.int64", "[2]"}});
    // The [4] row is skipped; the int64 row matches by shape but fails the dtype gate.
    CHECK(as_pairs(match_rows(npu, bench)) == std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 0}, {0, -1}});
}

TEST_CASE("cross framework: a non-PyTorch NPU dump against a PyTorch bench", "[matcher]") {
    auto mindspore = dump_of({{"Functional.relu.0.forward.input.0", "Float32", "[2]"}});
    mindspore.framework = "mindspore";
    auto pytorch = dump_of({{"Functional.relu.0.forward.input.0", "torch.float64", "[2]"}});
    CHECK(is_cross_framework(mindspore, pytorch));
    CHECK_FALSE(is_cross_framework(pytorch, pytorch));
    CHECK_FALSE(is_cross_framework(mindspore, mindspore));
    // A bench without a framework counts as PyTorch when a dtype says torch.
    pytorch.framework.clear();
    CHECK(is_cross_framework(mindspore, pytorch));
    auto unnamed_mindspore = mindspore;
    unnamed_mindspore.framework.clear();
    CHECK_FALSE(is_cross_framework(mindspore, unnamed_mindspore));
    // Float32 against torch.float64 pairs only across frameworks (both are "float").
    CHECK(as_pairs(match_rows(mindspore, pytorch)) == std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 0}});
    auto pytorch_npu = dump_of({{"Functional.relu.0.forward.input.0", "Float32", "[2]"}});
    CHECK(as_pairs(match_rows(pytorch_npu, pytorch)) ==
          std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, -1}});
}

TEST_CASE("fuzzy scan pairs in dump order, dtype gate after", "[matcher]") {
    const auto npu = dump_of({{"Functional.conv2d.3.forward.input.0", "torch.float32", "[2]"},
                              {"Functional.amax.1.forward.input.0", "torch.float32", "[2]"}});
    const auto bench = dump_of({{"Functional.conv2d.0.forward.input.0", "torch.float16", "[2]"},
                                {"Functional.amax.0.forward.input.0", "torch.int64", "[2]"}});
    MatchPlan plan;
    plan.strategy = MatchStrategy::Fuzzy;
    // conv2d pairs (float32 ~ float16); amax pairs but fails the dtype gate.
    CHECK(as_pairs(match_rows(npu, bench, plan)) ==
          std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, 0}, {1, -1}});
    // Without -f nothing matches.
    CHECK(as_pairs(match_rows(npu, bench)) == std::vector<std::pair<std::uint32_t, std::int64_t>>{{0, -1}, {1, -1}});
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
    const auto npu =
        dump_of({{"A.x.0.forward.input.0", "Float32", "[2]"}, {"A.x.0.forward.input.0", "Float32", "[2]"}});
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
