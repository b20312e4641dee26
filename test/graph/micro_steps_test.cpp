// Micro steps: each top-level forward after a backward opens the next batch.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "graph/micro_steps.hpp"

using namespace msprobe::graph;

namespace {

// Two passes at the top: forward.0 (holding an API), backward.0, forward.1, an API, backward.1.
ModelGraph two_passes() {
    ModelGraph graph;
    for (const char* id : {"Module.m.M.forward.0", "Module.m.M.backward.0", "Module.m.M.forward.1"}) {
        attach(graph.add(id, NodeKind::Module), graph.root());
    }
    attach(graph.add("Torch.y.0.forward", NodeKind::Api), graph.root());
    attach(graph.add("Module.m.M.backward.1", NodeKind::Module), graph.root());
    attach(graph.add("Torch.x.0.forward", NodeKind::Api), *graph.find("Module.m.M.forward.0"));
    return graph;
}

std::optional<int> step_of(ModelGraph& graph, const std::string& id) { return graph.find(id)->micro_step; }

}  // namespace

TEST_CASE("micro_steps: batches of the root's children, handed down the tree", "[graph][micro_steps]") {
    ModelGraph graph = two_passes();
    assign_micro_steps(graph, std::nullopt);
    CHECK(graph.micro_steps == 2);
    CHECK(step_of(graph, "Module.m.M.forward.0") == 0);
    CHECK(step_of(graph, "Torch.x.0.forward") == 0);
    CHECK(step_of(graph, "Module.m.M.backward.0") == 0);
    CHECK(step_of(graph, "Module.m.M.forward.1") == 1);
    CHECK(step_of(graph, "Torch.y.0.forward") == 1);
    CHECK(step_of(graph, "Module.m.M.backward.1") == 1);
    CHECK_FALSE(graph.root().micro_step);

    ModelGraph empty;
    assign_micro_steps(empty, std::nullopt);
    CHECK(empty.micro_steps == 1);
}

TEST_CASE("micro_steps: Megatron's numbered nodes keep their steps", "[graph][micro_steps]") {
    ModelGraph graph = two_passes();
    graph.find("Module.m.M.forward.1")->micro_step = 3;
    assign_micro_steps(graph, 3);
    CHECK(graph.micro_steps == 4);
    CHECK(step_of(graph, "Module.m.M.forward.1") == 3);
    CHECK_FALSE(step_of(graph, "Module.m.M.forward.0"));
}

TEST_CASE("micro_steps: the bench side takes its partners' steps", "[graph][micro_steps]") {
    ModelGraph npu = two_passes();
    assign_micro_steps(npu, std::nullopt);
    // The bench recorded one pass and more; its first forward matches the NPU's second.
    const auto one_pass = [] {
        ModelGraph bench;
        for (const char* id : {"Module.m.M.forward.1", "Module.m.M.backward.7", "Module.m.M.forward.9"}) {
            attach(bench.add(id, NodeKind::Module), bench.root());
        }
        attach(bench.add("Torch.z.0.forward", NodeKind::Api), *bench.find("Module.m.M.forward.1"));
        return bench;
    };
    GraphNode* npu_forward = npu.find("Module.m.M.forward.1");

    ModelGraph bench = one_pass();
    npu_forward->partner = bench.find("Module.m.M.forward.1");
    assign_bench_micro_steps(npu, bench, std::nullopt, false);
    CHECK(step_of(bench, "Module.m.M.forward.1") == 1);  // its partner's
    CHECK(step_of(bench, "Torch.z.0.forward") == 1);
    CHECK(step_of(bench, "Module.m.M.backward.7") == 0);  // its own graph's batches
    CHECK(step_of(bench, "Module.m.M.forward.9") == 1);

    // msprobe (strict_compat) takes an unmatched node's last id field when it is a number.
    ModelGraph strict = one_pass();
    npu_forward->partner = strict.find("Module.m.M.forward.1");
    assign_bench_micro_steps(npu, strict, std::nullopt, true);
    CHECK(step_of(strict, "Module.m.M.forward.1") == 1);
    CHECK(step_of(strict, "Module.m.M.backward.7") == 7);
    CHECK(step_of(strict, "Module.m.M.forward.9") == 9);

    // Megatron's bench is numbered already.
    ModelGraph megatron = one_pass();
    npu_forward->partner = megatron.find("Module.m.M.forward.1");
    assign_bench_micro_steps(npu, megatron, 0, false);
    CHECK_FALSE(step_of(megatron, "Module.m.M.forward.1"));
}
