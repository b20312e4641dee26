#include "kernel_dump_compare/op_group_compare.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>

#include "support/file_text.hpp"
#include "support/offline_model_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
namespace fs = std::filesystem;

namespace {

struct Model {
    fs::path npu, golden;
    FusionRule rule;
};

// An L1 fusion subgraph of three NPU ops (l1_a, l1_b, l1_c, dumped in that order) made of golden x, y and z,
// and a MultiToMulti group (m1, m2 from golden p and q).
Model write_model(const fs::path& dir) {
    Model m{dir / "npu", dir / "golden", {}};
    fs::create_directories(m.npu);
    fs::create_directories(m.golden);
    testing::write_float_kernel_dump(m.npu / "Add.l1_a.1.0.1700000000000001", {1, 2}, {3, 4});
    testing::write_float_kernel_dump(m.npu / "Add.l1_b.2.0.1700000000000002", {3, 4}, {5, 6});
    testing::write_float_kernel_dump(m.npu / "Add.l1_c.3.0.1700000000000003", {5, 6}, {7, 8.5F});
    testing::write_float_kernel_dump(m.npu / "Mul.m1.4.0.1700000000000004", {1, 1}, {2, 2});
    testing::write_float_kernel_dump(m.npu / "Mul.m2.5.0.1700000000000005", {2, 2}, {4, 4});
    testing::write_npy_f32(m.golden / "data.0.1700000000000000.npy", {2}, {1, 2});
    testing::write_npy_f32(m.golden / "x.0.1700000000000001.npy", {2}, {3, 4});
    testing::write_npy_f32(m.golden / "z.0.1700000000000003.npy", {2}, {7, 8});
    testing::write_npy_f32(m.golden / "q.0.1700000000000005.npy", {2}, {4, 4.5F});
    testing::write_file(dir / "rule.json", R"({"graph": [{"op": [
      {"name": "data", "type": "Data", "id": 0},
      {"name": "l1_a", "type": "Add", "id": 1, "input": ["data:0"], "attr": [
        {"key": "_L1_fusion_sub_graph_no", "value": {"s": "9"}},
        {"key": "_datadump_original_op_names", "value": {"list": {"s": ["x"]}}}],
       "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "x"}}]}]},
      {"name": "l1_b", "type": "Add", "id": 2, "input": ["l1_a:0"], "attr": [
        {"key": "_L1_fusion_sub_graph_no", "value": {"s": "9"}},
        {"key": "_datadump_original_op_names", "value": {"list": {"s": ["y"]}}}],
       "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "y"}}]}]},
      {"name": "l1_c", "type": "Add", "id": 3, "input": ["l1_b:0"], "attr": [
        {"key": "_L1_fusion_sub_graph_no", "value": {"s": "9"}},
        {"key": "_datadump_original_op_names", "value": {"list": {"s": ["z"]}}}],
       "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "z"}}]}]},
      {"name": "m1", "type": "Mul", "id": 4, "attr": [
        {"key": "_datadump_is_multiop", "value": {"b": true}},
        {"key": "_datadump_original_op_names", "value": {"list": {"s": ["p", "q"]}}}],
       "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": ""}}]}]},
      {"name": "m2", "type": "Mul", "id": 5, "input": ["m1:0"], "attr": [
        {"key": "_datadump_original_op_names", "value": {"list": {"s": ["p", "q"]}}}],
       "output_desc": [{"attr": [{"key": "_datadump_origin_name", "value": {"s": "q"}}]}]}
    ]}]})");
    m.rule = read_fusion_rule(dir / "rule.json");
    return m;
}

std::vector<std::string> column(const GroupOutcome& outcome, std::size_t index) {
    std::vector<std::string> cells;
    for (const auto& row : outcome.rows) cells.push_back(row.at(index));
    return cells;
}

}  // namespace

// compare_fusion_op.py _compare_for_l1_fusion and _compare_for_any_to_multi.
TEST_CASE("op group compare: an L1 fusion subgraph compares its first and last op", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_group_l1");
    const Model m = write_model(dir);
    const DumpFolder mine(m.npu, true), golden(m.golden, true);
    const RuleSides sides{mine, golden, m.rule, false, {}};
    const FusionGroup* l1 = m.rule.group("9");
    REQUIRE(l1 != nullptr);
    CHECK(relation_of(*l1) == FusionRelation::L1Fusion);
    const GroupOutcome outcome = compare_fusion_group(*l1, sides);
    CHECK(outcome.matched);
    // l1_b, in the middle, is left out; every row names the whole group.
    CHECK(column(outcome, 8) ==
          std::vector<std::string>{"l1_a:input:0", "l1_a:output:0", "l1_c:input:0", "l1_c:output:0"});
    CHECK(column(outcome, 2) == std::vector<std::string>(4, "l1_a,l1_b,l1_c"));
    CHECK(column(outcome, 5) == std::vector<std::string>(4, "x,y,z"));
    // l1_c's input comes from l1_b, whose golden y has no dump.
    CHECK(outcome.rows[2].back() == "[l1_c] There is no the ground truth dump file for l1_c:input:0.");
    CHECK(outcome.rows[1][10] == "1.000000");  // l1_a:output:0 (3, 4) against x (3, 4)
    CHECK(outcome.rows[3][11] == "0.500000");  // l1_c:output:0 (7, 8.5) against z (7, 8): alg_MaxAbsoluteError
}

TEST_CASE("op group compare: MultiToMulti skips inner nodes", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_group_multi");
    const Model m = write_model(dir);
    const DumpFolder mine(m.npu, true), golden(m.golden, true);
    const RuleSides sides{mine, golden, m.rule, false, {}};
    const FusionGroup& group = *m.rule.group(m.rule.group_of.at("m1"));
    CHECK(relation_of(group) == FusionRelation::MultiToMulti);
    const GroupOutcome outcome = compare_fusion_group(group, sides);
    // m1 is an inner node (_datadump_is_multiop, no origin name): only m2 is compared.
    CHECK(column(outcome, 8) == std::vector<std::string>{"m2:input:0", "m2:output:0"});
    CHECK(column(outcome, 2) == std::vector<std::string>(2, "m1,m2"));
    CHECK(column(outcome, 5) == std::vector<std::string>(2, "p,q"));
}
