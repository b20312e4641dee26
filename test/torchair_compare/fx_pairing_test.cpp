// One GE op against the FX dump (torchair_acc_cmp.py: compare_ge_with_fx,
// compare_ge_with_fx_single_op, compare_ge_with_fx_multiple_ops, compare_specials_private_ops).
#include "torchair_compare/fx_pairing.hpp"

#include <catch2/catch.hpp>

#include <cmath>

#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;
using namespace msprobe::testing;

namespace {

struct Fixture {
    fs::path dir;
    GeGraph graph;
    TokenDumps token;
    std::unordered_map<std::string, FxOpFiles> fx;
};

GeGraph graph_of(const std::vector<GeGraphOpSpec>& ops) { return GeGraph(parse_pbtxt(ge_graph_text(ops), "g.txt")); }

void add_fx(Fixture& f, const std::string& op, std::vector<std::vector<float>> inputs,
            std::vector<std::vector<float>> outputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        f.fx[op].inputs.push_back(write_fx_tensor(f.dir / "fx", op, true, static_cast<int>(i), inputs[i]));
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        f.fx[op].outputs.push_back(write_fx_tensor(f.dir / "fx", op, false, static_cast<int>(i), outputs[i]));
    }
}

}  // namespace

TEST_CASE("fx pairing: one graph op, its FX inputs and outputs by position", "[torchair_compare][fx_pairing]") {
    Fixture f{scratch_dir("torchair_fx_single"),
              graph_of({{"Add_1", "Add", {"a:0", "b:0"}, {{"add-aten.add.OUTPUT.0"}}}}),
              {},
              {}};
    const fs::path ge = write_ge_dump(f.dir, "Add", "Add_1", 1700000000000001,
                                      {ge_float_tensor({1, 2}), ge_float_tensor({3, 4})}, {ge_float_tensor({4, 6})});
    f.token.add("Add_1", ge);
    add_fx(f, "add-aten.add", {{1, 2}, {3, 5}}, {{4, 7}});
    const OpRows rows = compare_op_with_fx("Add_1", ge, f.graph, f.token, f.fx, 5);
    CHECK(rows.calls == 3);
    REQUIRE(rows.rows.size() == 3);
    CHECK(rows.rows[0].golden_path == f.fx["add-aten.add"].inputs[0].string());
    CHECK(rows.rows[0].my_path == ge.string() + ",inputs,0");
    CHECK(rows.rows[1].my_path == ge.string() + ",inputs,1");
    CHECK(rows.rows[2].my_path == ge.string() + ",outputs,0");
    CHECK(rows.rows[2].data_id == 2);
    CHECK(rows.rows[2].token == 5);
    // golden (3, 5) against ours (3, 4): max |my / golden - 1| = 1/5 in float32.
    CHECK(rows.rows[1].cells.metrics->values[1] == static_cast<double>(std::fabs(4.0f / 5.0f - 1.0f)));
}

TEST_CASE("fx pairing: of several FX ops of one graph op, the last found keeps its rows, all count",
          "[torchair_compare][fx_pairing]") {
    Fixture f{
        scratch_dir("torchair_fx_overwrite"),
        graph_of({{"Split_1", "Split", {"a:0"}, {{"split-a.OUTPUT.0"}, {"missing.OUTPUT.1"}, {"split-b.OUTPUT.2"}}}}),
        {},
        {}};
    const fs::path ge = write_ge_dump(f.dir, "Split", "Split_1", 1700000000000001, {ge_float_tensor({1, 2})},
                                      {ge_float_tensor({1}), ge_float_tensor({2})});
    f.token.add("Split_1", ge);
    add_fx(f, "split-a", {{1, 2}}, {{1}, {2}});
    add_fx(f, "split-b", {{9, 9}}, {{1}});
    const OpRows rows = compare_op_with_fx("Split_1", ge, f.graph, f.token, f.fx, 0);
    CHECK(rows.calls == 5);  // split-a: 1 input + 2 outputs; split-b: 1 + 1
    REQUIRE(rows.rows.size() == 2);
    CHECK(rows.rows[0].golden_path == f.fx["split-b"].inputs[0].string());
    CHECK(rows.rows[0].data_id == 3);
    CHECK(rows.rows[1].data_id == 4);
}

TEST_CASE("fx pairing: a fused op, the first part's FX inputs and the last part's FX outputs",
          "[torchair_compare][fx_pairing]") {
    Fixture f{scratch_dir("torchair_fx_fused"),
              graph_of({{"Mul_1", "Mul", {"x:0"}, {{"mul-aten.mul.OUTPUT.0"}}},
                        {"Relu_2", "Relu", {"Mul_1:0"}, {{"relu-aten.relu.OUTPUT.0"}}}}),
              {},
              {}};
    const fs::path ge = write_ge_dump(f.dir, "FusedMulRelu", "Mul_1Relu_2", 1700000000000001,
                                      {ge_float_tensor({1, -1})}, {ge_float_tensor({2, 0})});
    f.token.add("Mul_1Relu_2", ge);
    add_fx(f, "mul-aten.mul", {{1, -1}}, {{2, -2}});
    add_fx(f, "relu-aten.relu", {{2, -2}}, {{2, 0}});
    const OpRows rows = compare_op_with_fx("Mul_1Relu_2", ge, f.graph, f.token, f.fx, 0);
    REQUIRE(rows.rows.size() == 2);
    CHECK(rows.rows[0].golden_path == f.fx["mul-aten.mul"].inputs[0].string());
    CHECK(rows.rows[0].my_path == ge.string() + ",inputs,0");
    CHECK(rows.rows[1].golden_path == f.fx["relu-aten.relu"].outputs[0].string());
    CHECK(rows.rows[1].my_path == ge.string() + ",outputs,0");
    CHECK(rows.rows[1].cells.metrics->values[3] == 0.0);
}

TEST_CASE("fx pairing: a Cast kernel outside the graph compares its input with its output",
          "[torchair_compare][fx_pairing]") {
    Fixture f{scratch_dir("torchair_fx_cast"), graph_of({{"Add_1", "Add", {}, {}}}), {}, {}};
    const fs::path cast = write_ge_dump(f.dir, "Cast", "trans_Cast_7", 1700000000000001,
                                        {ge_float_tensor({1.5f, 2}, {}, true)}, {ge_float_tensor({1.5f, 2})});
    const fs::path other =
        write_ge_dump(f.dir, "Relu", "Relu_9", 1700000000000002, {ge_float_tensor({1})}, {ge_float_tensor({1})});
    f.token.add("trans_Cast_7", cast);
    f.token.add("Relu_9", other);
    const OpRows rows = compare_op_with_fx("trans_Cast_7", cast, f.graph, f.token, f.fx, 0);
    REQUIRE(rows.rows.size() == 1);
    CHECK(rows.rows[0].golden_path == cast.string() + ",inputs,0");
    CHECK(rows.rows[0].my_path == cast.string() + ",outputs,0");
    CHECK(rows.rows[0].cells.golden.dtype == "torch.float16");
    CHECK(rows.rows[0].cells.my.dtype == "torch.float32");
    CHECK(rows.rows[0].cells.metrics->values[0] == 1.0);
    // Neither in the graph nor a Cast or TransData: nothing to compare.
    CHECK(compare_op_with_fx("Relu_9", other, f.graph, f.token, f.fx, 0).rows.empty());
}

TEST_CASE("fx pairing: an FX tensor the FX dump lacks gives no row and no read", "[torchair_compare][fx_pairing]") {
    Fixture f{scratch_dir("torchair_fx_missing"), graph_of({{"Add_1", "Add", {}, {{"gone.OUTPUT.0"}}}}), {}, {}};
    // Not a readable dump: it is never opened when no FX op is found.
    const fs::path ge = f.dir / "Add.Add_1.1.6.1700000000000001";
    write_bytes(ge, {std::byte{1}});
    f.token.add("Add_1", ge);
    const OpRows rows = compare_op_with_fx("Add_1", ge, f.graph, f.token, f.fx, 0);
    CHECK(rows.calls == 0);
    CHECK(rows.rows.empty());
}
