// The precision index of a compared node per mode, and of the API collections per index kind.
#include <catch2/catch.hpp>

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "graph/precision_index.hpp"

using namespace msprobe::graph;
using msprobe::compare::CompareMode;
using msprobe::dump::StatValue;

namespace {

using Metrics = ItemMetrics;

// A compared item whose Max and Min are `max` and 0, with its copied cells.
struct Compared {
    PortItem item;
    Metrics cells;
};

Compared compared_item(const std::string& name, double max, Metrics cells) {
    PortItem item;
    msprobe::dump::DumpRow row;
    row.name = name;
    row.stats[0] = StatValue::of_number(max);
    row.stats[1] = StatValue::of_number(0);
    item.set_row(row);
    item.compared = true;
    return {std::move(item), std::move(cells)};
}

// A node and its items' cells.
struct ComparedNode {
    GraphNode node;
    NodeMetrics cells;
};

ComparedNode node_with(const std::string& id, std::vector<Compared> inputs, std::vector<Compared> outputs) {
    ComparedNode out;
    out.node.id = id;
    for (Compared& c : inputs) {
        out.node.inputs.push_back(std::move(c.item));
        out.cells.inputs.push_back(std::move(c.cells));
    }
    for (Compared& c : outputs) {
        out.node.outputs.push_back(std::move(c.item));
        out.cells.outputs.push_back(std::move(c.cells));
    }
    return out;
}

PrecisionIndex node_precision_index(const ComparedNode& compared, CompareMode mode) {
    return msprobe::graph::node_precision_index(compared.node, mode, compared.cells);
}

StatValue text(const char* value) { return StatValue::of_text(value); }

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("precision_index: statistics take the largest relative error of the outputs", "[graph][precision]") {
    const ComparedNode node =
        node_with("Torch.matmul.0.forward", {compared_item("in.0", 1, {{"MaxRelativeErr", text("90%")}})},
                  {compared_item("out.0", 1, {{"MaxRelativeErr", text("12.5%")}, {"MinRelativeErr", text("N/A")}}),
                   compared_item("out.1", 1, {{"MeanRelativeErr", StatValue::of_number(25)}})});
    const PrecisionIndex index = node_precision_index(node, CompareMode::Summary);
    CHECK(index.value == Approx(0.25));
    CHECK_FALSE(index.is_integer);

    // Past 100 % the index is capped at the integer 1, and so is an output holding inf.
    const ComparedNode large =
        node_with("Torch.add.0.forward", {}, {compared_item("out.0", 1, {{"NormRelativeErr", text("250%")}})});
    CHECK(node_precision_index(large, CompareMode::Summary).value == 1);
    CHECK(node_precision_index(large, CompareMode::Summary).is_integer);
    const ComparedNode overflowed = node_with("Torch.add.1.forward", {}, {compared_item("out.0", kInf, {})});
    CHECK(node_precision_index(overflowed, CompareMode::Summary).value == 1);

    // No outputs compared: the harmless integer 0.
    const ComparedNode quiet = node_with("Torch.add.2.forward", {compared_item("in.0", 1, {})}, {});
    CHECK(node_precision_index(quiet, CompareMode::Summary).value == 0);
    CHECK(node_precision_index(quiet, CompareMode::Summary).is_integer);
}

TEST_CASE("precision_index: md5 is 1 when every compared item passes, else 0", "[graph][precision]") {
    const ComparedNode same = node_with("Torch.add.0.forward", {compared_item("in.0", 1, {{"Result", text("pass")}})},
                                        {compared_item("out.0", 1, {{"Result", text("pass")}})});
    CHECK(node_precision_index(same, CompareMode::Md5).value == 1);
    const ComparedNode differs =
        node_with("Torch.add.0.forward", {compared_item("in.0", 1, {{"Result", text("pass")}})},
                  {compared_item("out.0", 1, {{"Result", text("diff")}})});
    CHECK(node_precision_index(differs, CompareMode::Md5).value == 0);
}

TEST_CASE("precision_index: real data takes the drop of the smallest one-thousandth ratio", "[graph][precision]") {
    const auto ratio = [](double value) { return Metrics{{"One Thousandth Err Ratio", StatValue::of_number(value)}}; };
    const ComparedNode node = node_with("Torch.conv2d.0.forward",
                                        {compared_item("in.0", 1, ratio(0.95)), compared_item("in.1", 1, ratio(0.9))},
                                        {compared_item("out.0", 1, ratio(0.75))});
    const PrecisionIndex index = node_precision_index(node, CompareMode::All);
    CHECK(index.value == Approx(0.15));
    CHECK_FALSE(index.is_integer);

    const ComparedNode better = node_with("Torch.conv2d.1.forward", {compared_item("in.0", 1, ratio(0.5))},
                                          {compared_item("out.0", 1, ratio(0.9))});
    CHECK(node_precision_index(better, CompareMode::All).value == 0);
    const ComparedNode bad_output = node_with("Torch.conv2d.2.forward", {compared_item("in.0", 1, ratio(0.5))},
                                              {compared_item("out.0", kInf, ratio(0.9))});
    CHECK(node_precision_index(bad_output, CompareMode::All).value == 1);
    const ComparedNode bad_input = node_with("Torch.conv2d.3.forward", {compared_item("in.0", kInf, ratio(1))},
                                             {compared_item("out.0", 1, ratio(0.2))});
    CHECK(node_precision_index(bad_input, CompareMode::All).value == 0);
}

TEST_CASE("precision_index: APIs whose outputs are uninitialised memory are harmless", "[graph][precision]") {
    const ComparedNode empty =
        node_with("Torch.empty_like.0.forward", {}, {compared_item("out.0", 1, {{"MaxRelativeErr", text("80%")}})});
    CHECK(node_precision_index(empty, CompareMode::Summary).value == 0);
    CHECK(node_precision_index(empty, CompareMode::Md5).value == 1);
}

TEST_CASE("precision_index: the better end of an index is the high one for md5's metric only", "[graph][precision]") {
    CHECK(higher_index_is_better(CompareMode::Md5, IndexKind::ModeMetric));
    CHECK_FALSE(higher_index_is_better(CompareMode::Md5, IndexKind::Verdict));
    CHECK_FALSE(higher_index_is_better(CompareMode::Summary, IndexKind::ModeMetric));
    CHECK_FALSE(higher_index_is_better(CompareMode::All, IndexKind::Verdict));
}

TEST_CASE("precision_index: a collection takes its worst child, per index kind", "[graph][precision]") {
    // Root → collection (two APIs and a nested collection of one) and a module.
    const auto build = [](double first, double second, double nested) {
        ModelGraph graph;
        GraphNode& collection = graph.add("Apis_Between_Modules.0", NodeKind::ApiCollection);
        attach(collection, graph.root());
        GraphNode& inner = graph.add("Apis_Between_Modules.1", NodeKind::ApiCollection);
        const std::vector<std::pair<std::string, double>> apis = {{"Torch.a.0.forward", first},
                                                                  {"Torch.b.0.forward", second}};
        for (const auto& [id, value] : apis) {
            GraphNode& api = graph.add(id, NodeKind::Api);
            api.precision = PrecisionIndex{value, false};
            attach(api, collection);
        }
        GraphNode& unindexed = graph.add("Torch.c.0.forward", NodeKind::Api);
        attach(unindexed, collection);
        attach(inner, collection);
        GraphNode& deep = graph.add("Torch.d.0.forward", NodeKind::Api);
        deep.precision = PrecisionIndex{nested, false};
        attach(deep, inner);
        attach(graph.add("Module.m.M.forward.0", NodeKind::Module), graph.root());
        return graph;
    };
    ModelGraph summary = build(0.25, 0.5, 0.75);
    assign_collection_precision(summary, CompareMode::Summary);
    CHECK(summary.find("Apis_Between_Modules.0")->precision->value == 0.75);
    CHECK(summary.find("Apis_Between_Modules.1")->precision->value == 0.75);
    CHECK_FALSE(summary.find("Module.m.M.forward.0")->precision);

    // md5's metric index: the lowest (0 = different digests) is the worst; an unindexed child counts as 1.
    ModelGraph md5 = build(1, 0, 1);
    assign_collection_precision(md5, CompareMode::Md5, IndexKind::ModeMetric);
    CHECK(md5.find("Apis_Between_Modules.0")->precision->value == 0);
    ModelGraph all_equal = build(1, 1, 1);
    assign_collection_precision(all_equal, CompareMode::Md5, IndexKind::ModeMetric);
    CHECK(all_equal.find("Apis_Between_Modules.0")->precision->value == 1);

    // Verdict indexes: error 1 is the worst in every mode, md5 too.
    ModelGraph verdicts = build(0, 0.5, 0);
    assign_collection_precision(verdicts, CompareMode::Md5, IndexKind::Verdict);
    CHECK(verdicts.find("Apis_Between_Modules.0")->precision->value == 0.5);
    CHECK(verdicts.find("Apis_Between_Modules.1")->precision->value == 0);
}
