#include "kernel_dump_compare/npu_pair_rule.hpp"

#include <catch2/catch.hpp>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

// compare_rule.py _make_npu_vs_npu_fusion_rule: groups numbered by the NPU side's time stamps, then golden-only ops.
TEST_CASE("npu pair rule: one group per op name, numbered by the NPU side's dump times", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_npu_pair_rule");
    testing::touch(dir / "mine" / "Add.late.1.0.1700000000000009");
    testing::touch(dir / "mine" / "Mul.early.2.0.1700000000000001");
    testing::touch(dir / "mine" / "Relu.only_mine.3.0.1700000000000005");
    testing::touch(dir / "golden" / "Add.late.1.0.1700000000000002");
    testing::touch(dir / "golden" / "Mul.early.2.0.1700000000000001");
    testing::touch(dir / "golden" / "Cast.only_golden.4.0.1700000000000003");
    const DumpFolder mine(dir / "mine", false), golden(dir / "golden", false);
    const FusionRule rule = npu_pair_rule(mine, golden);
    REQUIRE(rule.groups.size() == 4);
    CHECK(rule.groups[0].key == "early");
    CHECK(rule.groups[1].key == "only_mine");
    CHECK(rule.groups[2].key == "late");
    CHECK(rule.groups[3].key == "only_golden");
    REQUIRE(rule.groups[2].ops.size() == 2);
    CHECK(rule.groups[2].ops[0].op_type == "Left");
    CHECK(rule.groups[2].ops[1].op_type == "Right");
    CHECK(rule.groups[2].ops[1].op_id == 2);
    CHECK(rule.groups[1].ops.size() == 1);
    CHECK(rule.groups[3].ops.at(0).op_type == "Right");
    CHECK(rule.groups[3].ops[0].real_op_type() == "NaN");
    CHECK(rule.group("late") == &rule.groups[2]);
}
