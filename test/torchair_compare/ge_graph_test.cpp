// The ops msprobe takes from a GE graph: names, places, input names and the
// FX tensor names of their outputs (graph_map_dict, sort_ge_dump_data,
// get_all_op_input_names, filter_valid_fx_desc_tensor_info).
#include "torchair_compare/ge_graph.hpp"

#include <catch2/catch.hpp>

#include "support/torchair_dump_writer.hpp"

using namespace msprobe::torchair_compare;

TEST_CASE("ge graph: ops by name with their position, inputs and FX names", "[torchair_compare][ge_graph]") {
    const std::string text = msprobe::testing::ge_graph_text(
        {{"arg0_1", "Data", {}, {{"arg0_1.OUTPUT.0"}}},
         {"Add_1", "Add", {"arg0_1:0", "Const_2:0", "ctrl:-1"}, {{"add_1-aten.add.Tensor.OUTPUT.0"}}},
         {"Split_3", "Split", {"Add_1:0"}, {{"split-aten.split.OUTPUT.0"}, {"split-aten.split.OUTPUT.1"}}}});
    const GeGraph graph(parse_pbtxt(text, "g.txt"));
    CHECK(graph.size() == 3);
    CHECK(graph.position("arg0_1") == 0);
    CHECK(graph.position("Split_3") == 2);
    CHECK(graph.position("Mul_9") == -1);
    const GeGraphOp* add = graph.find("Add_1");
    REQUIRE(add != nullptr);
    CHECK(add->input_names == std::vector<std::string>{"arg0_1", "Const_2", "ctrl"});
    CHECK(add->output_fx_names == std::vector<std::vector<std::string>>{{"add_1-aten.add.Tensor.OUTPUT.0"}});
    CHECK(graph.find("Split_3")->output_fx_names.size() == 2);
}

TEST_CASE("ge graph: only attributes keyed _fx_tensor_name with a value block holding s count",
          "[torchair_compare][ge_graph]") {
    const std::string text =
        "op {\n name: \"A\"\n input: \"nocolon\"\n output_desc {\n"
        "  attr {\n   key: \"_fx_tensor_name\"\n   value {\n    s: \"good.OUTPUT.0\"\n   }\n  }\n"
        "  attr {\n   key: \"_other\"\n   value {\n    s: \"x\"\n   }\n  }\n"
        "  attr {\n   key: \"_fx_tensor_name\"\n   value: \"flat\"\n  }\n"
        "  attr {\n   key: \"_fx_tensor_name\"\n   value {\n    i: 3\n   }\n  }\n"
        " }\n output_desc {\n }\n}\n";
    const GeGraph graph(parse_pbtxt(text, "g.txt"));
    const GeGraphOp* op = graph.find("A");
    REQUIRE(op != nullptr);
    CHECK(op->input_names == std::vector<std::string>{""});  // no ':' leaves nothing before it
    CHECK(op->output_fx_names == std::vector<std::vector<std::string>>{{"good.OUTPUT.0"}, {}});
}

TEST_CASE("ge graph: a name given twice is its last block, blocks without an op name are no ops",
          "[torchair_compare][ge_graph]") {
    const std::string text =
        "op {\n name: \"A\"\n input: \"x:0\"\n}\ngraph {\n name: \"g\"\n}\n"
        "op {\n type: \"NoName\"\n}\nop {\n name: \"A\"\n input: \"y:0\"\n}\n";
    const GeGraph graph(parse_pbtxt(text, "g.txt"));
    CHECK(graph.size() == 1);
    CHECK(graph.position("A") == 3);
    CHECK(graph.find("A")->input_names == std::vector<std::string>{"y"});
}

TEST_CASE("fx_op_of_tensor: the FX op's file name part", "[torchair_compare][ge_graph]") {
    CHECK(fx_op_of_tensor("add_1-aten.add.Tensor.OUTPUT.0") == "add_1-aten.add.Tensor");
    CHECK(fx_op_of_tensor("mm-aten.mm.default.OUTPUT.12") == "mm-aten.mm.default");
    CHECK(fx_op_of_tensor("arg0_1.OUTPUT.0") == "arg0_1");
    CHECK(fx_op_of_tensor("x.INPUT.0") == "x.INPUT.0");
    CHECK(fx_op_of_tensor("nodots") == "nodots");  // msprobe's split('.')[-2] raises here
}
