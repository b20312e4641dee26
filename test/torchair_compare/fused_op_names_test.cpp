// Splitting a fused GE kernel's name into graph ops (torchair_acc_cmp.py:
// find_longest_name, get_all_ops_from_fusion_op).
#include "torchair_compare/fused_op_names.hpp"

#include <catch2/catch.hpp>

#include <set>

#include "support/torchair_dump_writer.hpp"

using namespace msprobe::torchair_compare;

namespace {

GeGraph graph_of(const std::vector<std::string>& names) {
    std::vector<msprobe::testing::GeGraphOpSpec> ops;
    for (const auto& name : names) ops.push_back({name, "Add", {}, {}});
    return GeGraph(parse_pbtxt(msprobe::testing::ge_graph_text(ops), "g.txt"));
}

DumpedOp dumped_of(std::set<std::string> names) {
    return [names = std::move(names)](std::string_view name) { return names.count(std::string(name)) != 0; };
}

}  // namespace

TEST_CASE("longest_graph_op: the name, else its longest leading part", "[torchair_compare][fused_op_names]") {
    // msprobe's own cases (test_find_longest_name_when_exact_and_prefix_then_pass).
    const GeGraph graph = graph_of({"abc", "ab"});
    const DumpedOp dumped = dumped_of({"xyz", "abc"});
    CHECK(longest_graph_op("abc", graph, dumped) == "abc");
    CHECK(longest_graph_op("abx", graph, dumped) == "ab");
    CHECK(longest_graph_op("xyzK", graph, dumped) == std::nullopt);  // "xyz" is dumped but not in the graph
    CHECK(longest_graph_op("a", graph, dumped) == std::nullopt);     // no proper leading part
}

TEST_CASE("graph_ops_of: parts from the front as far as they are found", "[torchair_compare][fused_op_names]") {
    const GeGraph graph = graph_of({"Add_1", "Mul_2", "Mul_22", "Relu_3"});
    const DumpedOp none = dumped_of({});
    CHECK(graph_ops_of("Add_1Mul_2Relu_3", graph, none) == std::vector<std::string>{"Add_1", "Mul_2", "Relu_3"});
    CHECK(graph_ops_of("Mul_22Add_1", graph, none) == std::vector<std::string>{"Mul_22", "Add_1"});
    CHECK(graph_ops_of("Add_1Unknown", graph, none) == std::vector<std::string>{"Add_1"});
    CHECK(graph_ops_of("Add_1", graph, none) == std::vector<std::string>{"Add_1"});
    CHECK(graph_ops_of("Cast_7", graph, none).empty());
}
