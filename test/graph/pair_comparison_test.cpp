// Matched node pairs of two small rank folders compared through compare's
// tables: the metric cells land on the NPU node's items, and the node gets
// its precision index.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/thread_pool.hpp"
#include "graph/graph_builder.hpp"
#include "graph/node_matching.hpp"
#include "graph/pair_comparison.hpp"
#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;
using msprobe::compare::CompareMode;
using msprobe::graph::FieldValue;
using msprobe::testing::call_record;
using msprobe::testing::stat_tensor;
using msprobe::testing::write_rank_dump;

namespace {

// A module holding an add whose output's Max is `max` (its input is 1 on both sides).
fs::path write_side(const fs::path& dir, double max) {
    write_rank_dump(dir, {{"Module.block.Block.forward.0", "", call_record({stat_tensor(1)}, stat_tensor(max))},
                          {"Torch.add.0.forward", "Module.block.Block.forward.0",
                           call_record({stat_tensor(1)}, stat_tensor(max))}});
    return dir;
}

}  // namespace

TEST_CASE("pair comparison: statistics cells on the NPU items and the node's index", "[graph][pair_comparison]") {
    const fs::path dir = msprobe::testing::scratch_dir("pair_comparison");
    RankFolder npu_files = read_rank_folder(write_side(dir / "npu", 4), {});
    RankFolder bench_files = read_rank_folder(write_side(dir / "bench", 3), {});
    ModelGraph npu = build_graph(npu_files, false);
    ModelGraph bench = build_graph(bench_files, false);
    const auto pairs = match_nodes(npu, bench, MatchKind::Default);
    REQUIRE(pairs.size() == 3);  // the root, the module and the add
    msprobe::ThreadPool pool(1);
    compare_node_pairs(pairs, CompareMode::Summary, npu_files, bench_files, false, {}, pool);

    const GraphNode& add = *npu.find("Torch.add.0.forward");
    const PortItem& output = add.outputs.at(0);
    CHECK(output.compared);
    // Statistics cells are made again as the row is written: the items do not hold them.
    REQUIRE(direct_comparison(CompareMode::Summary));
    CHECK_FALSE(output.fields().find("Max diff"));
    std::vector<ItemFields> inputs, outputs;
    comparison_fields(add, CompareMode::Summary, false, {}, inputs, outputs);
    REQUIRE(inputs.size() == add.inputs.size());
    REQUIRE(outputs.size() == 1);
    const auto max_diff = outputs[0].find("Max diff");
    REQUIRE(max_diff);
    CHECK(max_diff->is_float);
    CHECK(max_diff->number == 1.0);
    CHECK(outputs[0].find("MaxRelativeErr")->text == "33.333333%");
    CHECK(inputs.at(0).find("Max diff")->number == 0.0);
    REQUIRE(add.precision);
    CHECK(add.precision->value == Approx(1.0 / 3));
    CHECK_FALSE(add.precision->is_integer);
    CHECK_FALSE(npu.root().precision);  // nothing of its own to compare
    CHECK_FALSE(bench.find("Torch.add.0.forward")->outputs.at(0).fields().find("Max diff"));
    // A node without a partner has none.
    GraphNode alone;
    alone.outputs.push_back(output);
    comparison_fields(alone, CompareMode::Summary, false, {}, inputs, outputs);
    CHECK(inputs.empty());
    REQUIRE(outputs.size() == 1);
    CHECK(outputs[0].empty());
}

TEST_CASE("pair comparison: a structure compare attaches nothing", "[graph][pair_comparison]") {
    const fs::path dir = msprobe::testing::scratch_dir("pair_comparison_structure");
    RankFolder npu_files = read_rank_folder(write_side(dir / "npu", 4), {});
    RankFolder bench_files = read_rank_folder(write_side(dir / "bench", 3), {});
    ModelGraph npu = build_graph(npu_files, false);
    ModelGraph bench = build_graph(bench_files, false);
    msprobe::ThreadPool pool(1);
    compare_node_pairs(match_nodes(npu, bench, MatchKind::Default), std::nullopt, npu_files, bench_files, false, {},
                       pool);
    const GraphNode& add = *npu.find("Torch.add.0.forward");
    CHECK_FALSE(add.outputs.at(0).compared);
    CHECK_FALSE(add.outputs.at(0).fields().find("Max diff"));
    CHECK_FALSE(add.precision);
}

namespace {

// Pairs whose statistics take every path of the comparison: integers, a nan text, a null Max, a zero bench
// value, requires_grad that differ, a long relative error.
void write_varied_side(const fs::path& dir, bool npu) {
    nlohmann::ordered_json odd = stat_tensor(npu ? 7.123456789 : 3.0);
    odd["Min"] = npu ? 2 : 5;  // integers subtract into an integer
    odd["Mean"] = npu ? nlohmann::ordered_json("nan") : nlohmann::ordered_json(1.0);
    odd["Norm"] = npu ? 1.0 : 0.0;  // no relative error against 0
    odd["requires_grad"] = npu;
    nlohmann::ordered_json none = stat_tensor(1);
    none["Max"] = nullptr;
    write_rank_dump(dir,
                    {{"Module.block.Block.forward.0", "", call_record({odd, none}, stat_tensor(npu ? 4 : 3))},
                     {"Torch.add.0.forward", "Module.block.Block.forward.0", call_record({stat_tensor(1), odd}, odd)}});
}

// The names a statistics or md5 compare gives the fields it adds after an item's own (its columns, the
// verdicts'): no field of a dump is named so.
bool is_compared_field(std::string_view key) {
    static const std::set<std::string_view> kNames = {
        "Max diff",        "Min diff",        "Mean diff", "L2norm diff", "MaxRelativeErr",          "MinRelativeErr",
        "MeanRelativeErr", "NormRelativeErr", "Result",    "Err_message", "Requires_grad Consistent"};
    return kNames.count(key) != 0;
}

// Each item's compared fields as made when its row is written, as texts; the items hold none of them.
std::vector<std::string> compared_texts(const ModelGraph& graph, CompareMode mode, const ComparisonRules& rules) {
    std::vector<std::string> texts;
    for (const std::string id : {"Module.block.Block.forward.0", "Torch.add.0.forward"}) {
        const GraphNode& node = *graph.find(id);
        std::vector<ItemFields> input_cells, output_cells;
        comparison_fields(node, mode, false, rules, input_cells, output_cells);
        for (const auto& [items, cells] :
             {std::pair{&node.inputs, &input_cells}, std::pair{&node.outputs, &output_cells}}) {
            REQUIRE(cells->size() == items->size());
            for (std::size_t i = 0; i < items->size(); ++i) {
                const PortItem& item = (*items)[i];
                item.fields().for_each(
                    [&](std::string_view key, const FieldValue&) { CHECK_FALSE(is_compared_field(key)); });
                cells->at(i).for_each([&](std::string_view key, const FieldValue& value) {
                    CHECK(is_compared_field(key));
                    texts.push_back(std::string(item.key()) + " " + std::string(key) + "=" + value.rendered(false));
                });
            }
        }
    }
    return texts;
}

// The texts of the fields a verdict makes (Result, Err_message), taken out of `texts`.
std::vector<std::string> take_verdict_texts(std::vector<std::string>& texts) {
    std::vector<std::string> taken;
    std::erase_if(texts, [&](const std::string& text) {
        const bool verdict =
            text.find(" Result=") != std::string::npos || text.find(" Err_message=") != std::string::npos;
        if (verdict) taken.push_back(text);
        return verdict;
    });
    return taken;
}

}  // namespace

TEST_CASE("pair comparison: rows judged with compare's table keep their verdicts, their cells are made again",
          "[graph][pair_comparison]") {
    const fs::path dir = msprobe::testing::scratch_dir("pair_comparison_direct");
    write_varied_side(dir / "npu", true);
    write_varied_side(dir / "bench", false);
    msprobe::ThreadPool pool(1);
    for (const CompareMode mode : {CompareMode::Summary, CompareMode::Md5}) {
        CAPTURE(static_cast<int>(mode));
        REQUIRE(direct_comparison(mode));
        std::vector<std::string> plain, judged;
        for (const bool verdicts : {false, true}) {
            RankFolder npu_files = read_rank_folder(dir / "npu", {});
            RankFolder bench_files = read_rank_folder(dir / "bench", {});
            ModelGraph npu = build_graph(npu_files, false);
            ModelGraph bench = build_graph(bench_files, false);
            ComparisonRules rules;
            rules.item_verdicts = verdicts;
            compare_node_pairs(match_nodes(npu, bench, MatchKind::Default), mode, npu_files, bench_files, false, rules,
                               pool);
            (verdicts ? judged : plain) = compared_texts(npu, mode, rules);
        }
        // A verdict replaces md5's copied Result and adds Err_message; the other cells are the same.
        const std::vector<std::string> results = take_verdict_texts(plain);
        const std::vector<std::string> verdicts = take_verdict_texts(judged);
        CHECK(plain == judged);
        const std::string required_grad = R"(=["error: The Required_Grad of NPU and Bench are inconsistent"])";
        if (mode == CompareMode::Summary) {
            CHECK(results.empty());
            CHECK(verdicts == std::vector<std::string>{
                                  "Module.block.Block.forward.0.input.0 Result=error",
                                  "Module.block.Block.forward.0.input.0 Err_message" + required_grad,
                                  "Module.block.Block.forward.0.output.0 Result=warning",
                                  "Module.block.Block.forward.0.output.0 Err_message=[\"warning: The norm relative "
                                  "error of output is 10 times that of input.\"]",
                                  "Torch.add.0.forward.input.0 Result=pass",
                                  "Torch.add.0.forward.input.0 Err_message=[]",
                                  "Torch.add.0.forward.input.1 Result=error",
                                  "Torch.add.0.forward.input.1 Err_message" + required_grad,
                                  "Torch.add.0.forward.output.0 Result=error",
                                  "Torch.add.0.forward.output.0 Err_message" + required_grad,
                              });
            CHECK(std::count(plain.begin(), plain.end(), "Torch.add.0.forward.output.0 Min diff=-3") == 1);
            // A text is no number to the graph's subtraction.
            CHECK(std::count(plain.begin(), plain.end(), "Torch.add.0.forward.output.0 Mean diff=N/A") == 1);
            CHECK(std::count(plain.begin(), plain.end(), "Torch.add.0.forward.output.0 MaxRelativeErr=137.448560%") ==
                  1);
            CHECK(plain.size() == 5 * 9);  // six items, the one whose Max is null left out
            CHECK(std::count(plain.begin(), plain.end(), "Torch.add.0.forward.output.0 NormRelativeErr=N/A") == 1);
            CHECK(std::count(plain.begin(), plain.end(),
                             "Torch.add.0.forward.output.0 Requires_grad Consistent=False") == 1);
        } else {
            CHECK(std::count(plain.begin(), plain.end(),
                             "Torch.add.0.forward.output.0 Requires_grad Consistent=False") == 1);
            // No digests on either side: both N/A, a pass, by md5's copied Result and by the verdict rules.
            CHECK(results.size() == 6);  // md5 compares the item whose Max is null too
            CHECK(std::count(results.begin(), results.end(), "Torch.add.0.forward.output.0 Result=pass") == 1);
            CHECK(verdicts.size() == 2 * 6);
            CHECK(std::count(verdicts.begin(), verdicts.end(), "Torch.add.0.forward.output.0 Err_message=[]") == 1);
        }
    }
}
