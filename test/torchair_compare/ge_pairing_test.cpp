// One GE op against another GE dump (torchair_acc_cmp.py: compare_ge_with_ge,
// gather_fused_op_data), with both ways of writing golden_data_path.
#include "torchair_compare/ge_pairing.hpp"

#include <catch2/catch.hpp>

#include <cmath>

#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;
using namespace msprobe::testing;

namespace {

GeGraph graph_of(const std::vector<GeGraphOpSpec>& ops) { return GeGraph(parse_pbtxt(ge_graph_text(ops), "g.txt")); }

}  // namespace

TEST_CASE("ge pairing: an op against its namesake, inputs then outputs", "[torchair_compare][ge_pairing]") {
    const fs::path dir = scratch_dir("torchair_ge_pair");
    const GeGraph graph = graph_of({{"Add_1", "Add", {"a:0", "b:0"}, {}}});
    const fs::path mine = write_ge_dump(dir / "my", "Add", "Add_1", 1700000000000002,
                                        {ge_float_tensor({1, 2}), ge_float_tensor({3, 4})}, {ge_float_tensor({4, 6})});
    const fs::path golden = write_ge_dump(dir / "golden", "Add", "Add_1", 1700000000000001,
                                          {ge_float_tensor({1, 2}), ge_float_tensor({3, 4})},
                                          {ge_float_tensor({4, 8}), ge_float_tensor({0})});
    TokenDumps my_token, golden_token;
    my_token.add("Add_1", mine);
    golden_token.add("Add_1", golden);
    const OpRows rows = compare_op_with_ge("Add_1", mine, graph, my_token, golden_token, 2, GoldenPathCells::PerTensor);
    CHECK(rows.calls == 3);  // two inputs, one output (ours has one)
    REQUIRE(rows.rows.size() == 3);
    CHECK(rows.rows[0].golden_path == golden.string() + ",inputs,0");
    CHECK(rows.rows[1].golden_path == golden.string() + ",inputs,1");
    CHECK(rows.rows[2].golden_path == golden.string() + ",outputs,0");
    CHECK(rows.rows[2].my_path == mine.string() + ",outputs,0");
    // golden (4, 8) against ours (4, 6): mean |my - golden| = (0 + 2) / 2.
    CHECK(rows.rows[2].cells.metrics->values[4] == 1.0);

    const OpRows strict = compare_op_with_ge("Add_1", mine, graph, my_token, golden_token, 2, GoldenPathCells::Msprobe);
    CHECK(strict.rows[0].golden_path == golden.string());
    CHECK(strict.rows[1].golden_path == golden.string());
    CHECK(strict.rows[2].golden_path == golden.string() + ",inputs,0,outputs,0");
}

TEST_CASE("ge pairing: msprobe's output paths grow with every output", "[torchair_compare][ge_pairing]") {
    const fs::path dir = scratch_dir("torchair_ge_pair_outputs");
    const GeGraph graph = graph_of({{"Split_1", "Split", {}, {}}});
    const fs::path mine =
        write_ge_dump(dir / "my", "Split", "Split_1", 2, {}, {ge_float_tensor({1}), ge_float_tensor({2})});
    const fs::path golden =
        write_ge_dump(dir / "golden", "Split", "Split_1", 1, {}, {ge_float_tensor({1}), ge_float_tensor({2})});
    TokenDumps my_token, golden_token;
    my_token.add("Split_1", mine);
    golden_token.add("Split_1", golden);
    const OpRows rows = compare_op_with_ge("Split_1", mine, graph, my_token, golden_token, 0, GoldenPathCells::Msprobe);
    REQUIRE(rows.rows.size() == 2);
    CHECK(rows.rows[0].golden_path == golden.string() + ",outputs,0");  // no input row: no ",inputs,0"
    CHECK(rows.rows[1].golden_path == golden.string() + ",outputs,0,outputs,1");
}

TEST_CASE("ge pairing: an AutomaticBufferFusionOp gathers its golden inputs from its parts",
          "[torchair_compare][ge_pairing]") {
    const fs::path dir = scratch_dir("torchair_ge_fused");
    // Mul_1 takes x and Const_0; Add_2 takes Mul_1 (inside the fusion) and y. Ours fused them.
    const GeGraph graph =
        graph_of({{"Mul_1", "Mul", {"x:0", "Const_0:0"}, {}}, {"Add_2", "Add", {"Mul_1:0", "y:0"}, {}}});
    const fs::path mine = write_ge_dump(dir / "my", "AutomaticBufferFusionOp", "Mul_1Add_2", 1700000000000003,
                                        {ge_float_tensor({1, 2}), ge_float_tensor({3, 3}), ge_float_tensor({5, 5})},
                                        {ge_float_tensor({8, 11})});
    const fs::path mul = write_ge_dump(dir / "golden", "Mul", "Mul_1", 1700000000000001,
                                       {ge_float_tensor({1, 2}), ge_float_tensor({3, 3})}, {ge_float_tensor({3, 6})});
    const fs::path add = write_ge_dump(dir / "golden", "Add", "Add_2", 1700000000000002,
                                       {ge_float_tensor({3, 6}), ge_float_tensor({5, 4})}, {ge_float_tensor({8, 10})});
    TokenDumps my_token, golden_token;
    my_token.add("Mul_1Add_2", mine);
    golden_token.add("Mul_1", mul);
    golden_token.add("Add_2", add);
    const OpRows rows =
        compare_op_with_ge("Mul_1Add_2", mine, graph, my_token, golden_token, 0, GoldenPathCells::PerTensor);
    // Golden inputs: x and Const_0 from Mul_1, y from Add_2 (Mul_1's output is inside); outputs: Add_2's.
    REQUIRE(rows.rows.size() == 4);
    CHECK(rows.rows[0].golden_path == mul.string() + ",inputs,0");
    CHECK(rows.rows[1].golden_path == mul.string() + ",inputs,1");
    CHECK(rows.rows[2].golden_path == add.string() + ",inputs,1");
    CHECK(rows.rows[2].cells.golden.max == 5.0);          // y = (5, 4)
    CHECK(rows.rows[2].cells.metrics->values[3] == 1.0);  // |5 - 4|
    CHECK(rows.rows[3].golden_path == add.string() + ",outputs,0");
    CHECK(rows.rows[3].cells.metrics->values[1] == static_cast<double>(std::fabs(11.0f / 10.0f - 1.0f)));
}

TEST_CASE("ge pairing: a fused part without a golden file gives empty golden inputs",
          "[torchair_compare][ge_pairing]") {
    const fs::path dir = scratch_dir("torchair_ge_fused_missing");
    const GeGraph graph = graph_of({{"Mul_1", "Mul", {"x:0"}, {}}, {"Add_2", "Add", {"Mul_1:0", "y:0"}, {}}});
    const fs::path mine = write_ge_dump(dir / "my", "AutomaticBufferFusionOp", "Mul_1Add_2", 3,
                                        {ge_float_tensor({1}), ge_float_tensor({2})}, {ge_float_tensor({3})});
    const fs::path mul =
        write_ge_dump(dir / "golden", "Mul", "Mul_1", 1, {ge_float_tensor({1})}, {ge_float_tensor({1})});
    TokenDumps my_token, golden_token;
    my_token.add("Mul_1Add_2", mine);
    golden_token.add("Mul_1", mul);
    const OpRows rows =
        compare_op_with_ge("Mul_1Add_2", mine, graph, my_token, golden_token, 0, GoldenPathCells::PerTensor);
    // x from Mul_1; y empty (no Add_2 file); outputs: Mul_1's, the last part found.
    REQUIRE(rows.rows.size() == 3);
    CHECK(rows.rows[1].golden_path.empty());
    CHECK(rows.rows[1].cells.reason == "data shape doesn't match.");
    CHECK(rows.rows[2].golden_path == mul.string() + ",outputs,0");
    const OpRows strict =
        compare_op_with_ge("Mul_1Add_2", mine, graph, my_token, golden_token, 0, GoldenPathCells::Msprobe);
    CHECK(strict.rows[1].golden_path == fs::current_path().string());  // os.path.realpath("")
}

TEST_CASE("ge pairing: an op the golden dump lacks has no rows", "[torchair_compare][ge_pairing]") {
    const fs::path dir = scratch_dir("torchair_ge_missing");
    const GeGraph graph = graph_of({{"Add_1", "Add", {}, {}}});
    const fs::path mine = write_ge_dump(dir, "Add", "Add_1", 1, {ge_float_tensor({1})}, {});
    TokenDumps my_token, golden_token;
    my_token.add("Add_1", mine);
    const OpRows rows = compare_op_with_ge("Add_1", mine, graph, my_token, golden_token, 0, GoldenPathCells::PerTensor);
    CHECK(rows.calls == 0);
    CHECK(rows.rows.empty());
}
