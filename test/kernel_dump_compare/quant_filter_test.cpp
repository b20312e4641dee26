#include "kernel_dump_compare/quant_filter.hpp"

#include <catch2/catch.hpp>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

namespace {

const char* kPair = R"({"graph": [{"op": [
 {"name": "x_dequant_layer", "type": "AscendDequant", "id": 3, "input": ["conv:0"],
  "output_desc": [{"dtype": "DT_FLOAT16", "attr": []}]},
 {"name": "x_quant_layer", "type": "AscendQuant", "id": 1, "input": ["data:0"],
  "output_desc": [{"dtype": "DT_INT8", "attr": []}]},
 {"name": "conv", "type": "Conv2D", "id": 2, "input": ["x_quant_layer:0"],
  "output_desc": [{"dtype": "DT_INT32", "attr": []}]},
 {"name": "relu", "type": "Relu", "id": 4, "input": ["x_dequant_layer:0"],
  "output_desc": [{"dtype": "DT_FLOAT16", "attr": []}]},
 {"name": "odd_quant_layer", "type": "AscendQuant", "id": 5, "input": ["relu:0"],
  "output_desc": [{"dtype": "DT_FLOAT", "attr": []}]},
 {"name": "after_odd", "type": "Relu", "id": 6, "input": ["odd_quant_layer:0"],
  "output_desc": [{"dtype": "DT_FLOAT", "attr": []}]}
]}]})";

}  // namespace

// quant_filter.py QuantFilter.process_filtering, ops visited in "id" order.
TEST_CASE("quant filter: the ops between a quant and its dequant op are skipped", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_quant_filter");
    testing::write_file(dir / "rule.json", kPair);
    const FusionRule rule = read_fusion_rule(dir / "rule.json");  // reading runs the filter
    const auto filtered = [&](const std::string& name) { return rule.find_op(name)->quant_filtered; };
    CHECK_FALSE(filtered("x_quant_layer"));    // its input comes from outside any pair
    CHECK(filtered("conv"));                   // fed by an int8 quant output: in the pair
    CHECK_FALSE(filtered("x_dequant_layer"));  // in the pair, but all its outputs are float16 dequant outputs
    CHECK_FALSE(filtered("relu"));             // after the dequant op
    CHECK_FALSE(filtered("odd_quant_layer"));  // named like a quant op without an int8 output: an ordinary op
    CHECK_FALSE(filtered("after_odd"));
}
