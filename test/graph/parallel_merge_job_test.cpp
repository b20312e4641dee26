// One step of a run with parallel_merge: each side's ranks built and merged,
// the merged graphs of a compare matched and compared pair by pair.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "graph/pair_comparison.hpp"
#include "graph/parallel_merge_job.hpp"
#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;
using msprobe::compare::CompareMode;
using msprobe::testing::call_record;
using msprobe::testing::stat_tensor;
using msprobe::testing::write_rank_dump;

namespace {

// A TP rank: a layer holding a matmul whose output's Max is `max` (TP splits it).
fs::path write_tp_rank(const fs::path& dir, double max) {
    write_rank_dump(dir, {{"Module.layer.Layer.forward.0", "", call_record({stat_tensor(1)}, stat_tensor(1))},
                          {"Torch.matmul.0.forward", "Module.layer.Layer.forward.0",
                           call_record({stat_tensor(1)}, stat_tensor(max))}});
    return dir;
}

std::map<int, fs::path> two_ranks(const fs::path& dir, double max0, double max1) {
    return {{0, write_tp_rank(dir / "rank0", max0)}, {1, write_tp_rank(dir / "rank1", max1)}};
}

RunInput tp_input(bool compare, int bench_tp = 2) {
    RunInput input;
    input.npu_parallel = ParallelParams{2, 2, 1, 1, "tp-cp-ep-dp-pp"};
    if (compare) input.bench_parallel = ParallelParams{2, bench_tp, 1, 1, "tp-cp-ep-dp-pp"};
    return input;
}

}  // namespace

TEST_CASE("merged step: a build exports the main graph of each TP group", "[graph][parallel_merge_job]") {
    const fs::path dir = msprobe::testing::scratch_dir("parallel_merge_job_build");
    GraphOptions options;
    options.input = dir / "input.json";
    msprobe::ThreadPool pool(1);
    const MergedStep step(two_ranks(dir / "npu", 4, 3), nullptr, tp_input(false), options, pool);
    REQUIRE(step.exported().size() == 1);
    const ExportedGraphs& graphs = step.exported()[0];
    CHECK(graphs.rank == 0);
    CHECK(graphs.bench == nullptr);
    const GraphNode* matmul = graphs.npu->find("Torch.matmul.0.forward");
    REQUIRE(matmul != nullptr);
    REQUIRE_FALSE(matmul->rare().parallel_merge_info.empty());
    CHECK(matmul->rare().parallel_merge_info.front() ==
          "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1].");
    CHECK(matmul->outputs.at(0).row().stat(3).number == 5.0);  // (4 ** 2 + 3 ** 2) ** 0.5
}

TEST_CASE("merged step: a compare matches and compares the merged graphs", "[graph][parallel_merge_job]") {
    const fs::path dir = msprobe::testing::scratch_dir("parallel_merge_job_compare");
    GraphOptions options;
    options.input = dir / "input.json";
    msprobe::ThreadPool pool(1);
    const auto bench = two_ranks(dir / "bench", 4, 4);
    const MergedStep step(two_ranks(dir / "npu", 4, 3), &bench, tp_input(true), options, pool);
    REQUIRE(step.exported().size() == 1);
    const ExportedGraphs& graphs = step.exported()[0];
    CHECK(graphs.mode == CompareMode::Summary);
    const GraphNode* matmul = graphs.npu->find("Torch.matmul.0.forward");
    REQUIRE(matmul != nullptr);
    CHECK(matmul->partner == graphs.bench->find("Torch.matmul.0.forward"));
    // The NPU ranks' Norms merge into (4 ** 2 + 3 ** 2) ** 0.5; the bench ranks' are alike, so 4 stays.
    std::vector<ItemFields> inputs, outputs;
    comparison_fields(*matmul, CompareMode::Summary, false, options.behaviour.comparison, inputs, outputs);
    const auto norm_diff = outputs.at(0).find("L2norm diff");
    REQUIRE(norm_diff);
    CHECK(norm_diff->number == 1.0);
    CHECK(graphs.bench->find("Torch.matmul.0.forward")->rare().parallel_merge_info.empty());
    REQUIRE(matmul->precision);
}

TEST_CASE("merged step: sides that merge into different numbers of graphs are refused naming the input",
          "[graph][parallel_merge_job]") {
    const fs::path dir = msprobe::testing::scratch_dir("parallel_merge_job_mismatch");
    GraphOptions options;
    options.input = dir / "input.json";
    msprobe::ThreadPool pool(1);
    const auto bench = two_ranks(dir / "bench", 4, 4);
    try {
        const MergedStep step(two_ranks(dir / "npu", 4, 3), &bench, tp_input(true, 1), options, pool);
        FAIL("a compare of one merged graph with two must be refused");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == options.input.string());
        CHECK(e.reason() == "parallel_merge: npu_path merges into 1 graphs, bench_path into 2");
    }
}

TEST_CASE("merged step: ranks read at once, the NPU side's first broken rank reported before the Bench side's",
          "[graph][parallel_merge_job]") {
    const fs::path dir = msprobe::testing::scratch_dir("parallel_merge_job_broken");
    GraphOptions options;
    options.input = dir / "input.json";
    msprobe::ThreadPool pool(2);
    const auto npu = two_ranks(dir / "npu", 4, 3);
    const auto bench = two_ranks(dir / "bench", 4, 4);
    // Read at once on two threads, the ranks merge as when read one by one.
    {
        const MergedStep step(npu, &bench, tp_input(true), options, pool);
        REQUIRE(step.exported().size() == 1);
        CHECK(step.exported()[0].npu->find("Torch.matmul.0.forward")->outputs.at(0).row().stat(3).number == 5.0);
    }
    std::ofstream(bench.at(0) / "dump.json", std::ios::trunc) << "{\"data\": [";
    std::ofstream(npu.at(1) / "dump.json", std::ios::trunc) << "{\"data\": [";
    const auto failure = [&] {
        try {
            const MergedStep step(npu, &bench, tp_input(true), options, pool);
        } catch (const msprobe::Error& e) {
            return e.file();
        }
        return std::string("nothing refused");
    };
    CHECK(failure() == (npu.at(1) / "dump.json").string());
    write_tp_rank(npu.at(1), 3);
    CHECK(failure() == (bench.at(0) / "dump.json").string());
}
