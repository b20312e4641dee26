// Matched node pairs of two small rank folders compared through compare's
// tables: the metric cells land on the NPU node's items, and the node gets
// its precision index.
#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>
#include <string>

#include "common/thread_pool.hpp"
#include "graph/graph_builder.hpp"
#include "graph/node_matching.hpp"
#include "graph/pair_comparison.hpp"
#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;
using msprobe::compare::CompareMode;
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
    const auto max_diff = output.compared_fields.find("Max diff");
    REQUIRE(max_diff);
    CHECK(max_diff->is_float);
    CHECK(max_diff->number == 1.0);
    CHECK(output.compared_fields.find("MaxRelativeErr")->text == "33.333333%");
    CHECK(add.inputs.at(0).compared_fields.find("Max diff")->number == 0.0);
    REQUIRE(add.precision);
    CHECK(add.precision->value == Approx(1.0 / 3));
    CHECK_FALSE(add.precision->is_integer);
    CHECK_FALSE(npu.root().precision);  // nothing of its own to compare
    CHECK(bench.find("Torch.add.0.forward")->outputs.at(0).compared_fields.empty());
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
    CHECK(add.outputs.at(0).compared_fields.empty());
    CHECK_FALSE(add.precision);
}
