// construct.json as the graph command reads it: the module tree of a rank
// folder (construct walk, backward-parent repair, cycle refusal, recompute
// moves, API collections, micro steps) built from a fuzzed construct.json and
// a small fixed dump.json, under both commands' build rules, then matched against itself
// and walked in node order, as a compare would.
#include <fstream>

#include "fuzz_file.hpp"
#include "graph/graph_behaviour.hpp"
#include "graph/graph_builder.hpp"
#include "graph/micro_steps.hpp"
#include "graph/node_matching.hpp"
#include "graph/rank_folder.hpp"

namespace {

constexpr const char* kTensor =
    R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false})";

// The rank folder, its dump.json and stack.json written once.
const std::filesystem::path& rank_dir() {
    static const std::filesystem::path dir = [] {
        const auto d = msprobe::fuzz::scratch_dir() / "rank0";
        std::filesystem::create_directories(d);
        const std::string record =
            std::string(R"({"input_args": [)") + kTensor + R"(], "input_kwargs": {}, "output": [)" + kTensor + "]}";
        std::ofstream dump(d / "dump.json");
        dump << R"({"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": null, "data": {)";
        const char* ids[] = {"Module.fc.Linear.forward.0", "Module.fc.Linear.backward.0", "Functional.linear.0.forward",
                             "Functional.linear.0.backward", "Torch.relu.0.forward", "Tensor.add.0.forward",
                             "Module.layers.0.Layer.forward.0", "Module.layers.0.Layer.backward.0",
                             "Distributed.all_reduce.0.forward", "Module.fc.Linear.parameters_grad"};
        for (std::size_t i = 0; i < std::size(ids); ++i) dump << (i ? ", " : "") << '"' << ids[i] << "\": " << record;
        dump << "}}";
        std::ofstream(d / "stack.json") << "{}";
        return d;
    }();
    return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto& dir = rank_dir();
    fuzz::input_file("rank0/construct.json", data, size);
    fuzz::expect_result_or_error([&] {
        for (const bool visualize : {false, true}) {
            const graph::BuildRules rules =
                visualize ? graph::graph_visualize_behaviour().build : graph::graph_command_behaviour().build;
            graph::RankFolder npu_files = graph::read_rank_folder(dir, {false});
            graph::RankFolder bench_files = graph::read_rank_folder(dir, {false});
            graph::ModelGraph npu = graph::build_graph(npu_files, false, rules);
            graph::ModelGraph bench = graph::build_graph(bench_files, !visualize, rules);
            graph::assign_micro_steps(npu, npu_files.megatron_micro_steps);
            (void)graph::match_nodes(npu, bench, graph::MatchKind::Default);
            graph::assign_bench_micro_steps(npu, bench, bench_files.megatron_micro_steps, false);
            (void)graph::match_nodes(npu, bench, graph::MatchKind::Fuzzy);
            (void)npu.post_order();
            (void)bench.post_order();
        }
    });
    return 0;
}
