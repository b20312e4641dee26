// Collectives recomputed from every rank's dump: generated 2-rank dumps whose
// all_reduce outputs are the true sums pass, an output that lacks one rank's
// contribution fails, a missing rank is a SKIP naming it.
#include <catch2/catch.hpp>

#include "result_rows.hpp"
#include "run_ut/run_ut_job.hpp"
#include "support/collective_dump.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"
#include "support/synthetic_tensor.hpp"
#include "tensor/tensor_file.hpp"

using namespace msprobe;

namespace {

testing::GeneratedDumpPair two_rank_dump(const std::filesystem::path& out, testing::DumpTask task) {
    testing::DumpPairOptions options;
    options.out = out;
    options.apis = 60;
    options.task = task;
    options.ranks = 2;
    options.seed = 11;
    options.differences = testing::NpuDifferences::none();
    return testing::generate_dump_pair(options);
}

std::map<std::string, precision::CsvRow> run_ut_rows(const std::filesystem::path& dump,
                                                     const std::filesystem::path& out,
                                                     std::map<std::string, precision::CsvRow>* details = nullptr) {
    run_ut::RunUtOptions options;
    options.api_info = dump;
    options.out_dir = out;
    const auto summary = run_ut::run_ut(options);
    if (details) *details = testing::csv_rows_by_name(summary.details_csv);
    return testing::csv_rows_by_name(summary.result_csv);
}

std::vector<std::string> collectives(const std::map<std::string, precision::CsvRow>& rows) {
    std::vector<std::string> names;
    for (const auto& [name, row] : rows) {
        if (name.rfind("Distributed.all_reduce.", 0) == 0) names.push_back(name);
    }
    return names;
}

}  // namespace

TEST_CASE("all_reduce is recomputed from both ranks' real tensors and judged against the recorded sum",
          "[run_ut][collective]") {
    const auto dir = testing::scratch_dir("run_ut_collective_tensor");
    const auto pair = two_rank_dump(dir / "dump", testing::DumpTask::Tensor);
    std::map<std::string, precision::CsvRow> details;
    const auto rows = run_ut_rows(pair.npu_rank_dirs.at(0) / "dump.json", dir / "out", &details);
    const auto reduces = collectives(rows);
    REQUIRE(reduces.size() == 4);  // one per gradient bucket
    for (const auto& name : reduces) {
        INFO(name);
        CHECK(rows.at(name)[1] == "pass");
        const auto& detail = details.at(name + ".forward.output.0");
        CHECK(detail[1] == "torch.float64");  // bench dtype
        CHECK(detail[2] == "torch.float32");  // the dumped result's dtype
        CHECK(std::stod(detail[5]) < 1e-6);   // max abs error: a float32 sum of two float32 values
    }

    SECTION("a result that lacks the other rank's contribution fails") {
        // What a rank records when its all_reduce ran over the wrong group: its own gradient back.
        const auto data = pair.npu_rank_dirs.at(0) / "dump_tensor_data";
        const std::string name = reduces.front();
        const auto own = tensor::read_tensor_file(data / (name + ".forward.input.0.pt"));
        testing::SyntheticTensor alone;
        alone.shape = own.shape;
        for (const double v : tensor::to_double_vector(own)) alone.values.push_back(static_cast<float>(v));
        testing::write_pt_tensor_file(data / (name + ".forward.output.0.pt"), alone);
        std::map<std::string, precision::CsvRow> planted_details;
        const auto planted = run_ut_rows(pair.npu_rank_dirs.at(0) / "dump.json", dir / "out_planted", &planted_details);
        CHECK(planted.at(name)[1] == "error");
        const auto& detail = planted_details.at(name + ".forward.output.0");
        CHECK(std::stod(detail[4]) < 0.99);  // cosine similarity: half of the sum is missing
        CHECK(detail.back().find("Cosine similarity is less than 0.99") != std::string::npos);
        CHECK(planted.at(reduces.back())[1] == "pass");
    }

    SECTION("without the other rank's dump the call is a SKIP that names it") {
        std::filesystem::remove(pair.npu_rank_dirs.at(1) / "dump.json");
        const auto alone = run_ut_rows(pair.npu_rank_dirs.at(0) / "dump.json", dir / "out_alone");
        const auto& row = alone.at(reduces.front());
        CHECK(row[1] == "SKIP");
        const auto missing = pair.npu_rank_dirs.at(1) / "dump.json";
        CHECK(row[3] == "API " + reduces.front() + " not re-executed: " + missing.string() +
                            ": rank 1's dump.json is missing. SKIP.");
    }
}

TEST_CASE("statistics dumps: every rank's inputs are drawn within its own record, the same in each rank's run",
          "[run_ut][collective]") {
    const auto dir = testing::scratch_dir("run_ut_collective_statistics");
    const auto pair = two_rank_dump(dir / "dump", testing::DumpTask::Statistics);
    std::map<std::string, precision::CsvRow> rank0_details;
    std::map<std::string, precision::CsvRow> rank1_details;
    const auto rank0 = run_ut_rows(pair.npu_rank_dirs.at(0) / "dump.json", dir / "out0", &rank0_details);
    run_ut_rows(pair.npu_rank_dirs.at(1) / "dump.json", dir / "out1", &rank1_details);
    const auto reduces = collectives(rank0);
    REQUIRE(reduces.size() == 4);
    for (const auto& name : reduces) {
        INFO(name);
        CHECK(rank0.at(name)[1] == "pass");
        // Both ranks' runs rebuild the same pair of inputs, so they recompute the same sum.
        CHECK(rank0_details.at(name + ".forward.output.0") == rank1_details.at(name + ".forward.output.0"));
    }
}

TEST_CASE("every re-executed collective reproduces the result each rank recorded", "[run_ut][collective]") {
    const auto dir = testing::scratch_dir("run_ut_collective_kinds");
    const auto ranks = testing::write_collective_dumps(dir / "step0");
    const std::vector<std::string> everywhere = {
        "Distributed.all_reduce.0",     "Distributed.all_reduce.1",        "Distributed.broadcast.0",
        "Distributed.all_gather.0",     "Distributed.all_gather_into_tensor.0", "Distributed.reduce_scatter_tensor.0",
        "Distributed.reduce_scatter.0", "Distributed.all_to_all_single.0", "Distributed.all_to_all.0",
        "Distributed.scatter.0"};
    for (int r = 0; r < testing::kCollectiveRanks; ++r) {
        INFO("rank " << r);
        std::map<std::string, precision::CsvRow> details;
        const auto rows = run_ut_rows(ranks.at(static_cast<std::size_t>(r)) / "dump.json",
                                      dir / ("out" + std::to_string(r)), &details);
        for (const auto& name : everywhere) {
            INFO(name);
            CHECK(rows.at(name)[1] == "pass");
            CHECK(details.at(name + ".forward.output.0")[1] == "torch.float64");
        }
        // Only the destination holds gather's and reduce's result.
        CHECK(rows.at("Distributed.gather.0")[1] == (r == 0 ? "pass" : "SKIP"));
        CHECK(rows.at("Distributed.reduce.0")[1] == (r == 1 ? "pass" : "SKIP"));
        if (r != 1) {
            CHECK(rows.at("Distributed.reduce.0")[3] ==
                  "API Distributed.reduce.0 not re-executed: only the destination rank 1 holds the result. SKIP.");
        }
        CHECK(rows.at("Distributed.send.0")[1] == "SKIP");
        CHECK(rows.at("Distributed.send.0")[3].find("send is not a collective with a result to recompute") !=
              std::string::npos);
    }
    // all_gather's four gathered tensors are judged one by one.
    std::map<std::string, precision::CsvRow> details;
    run_ut_rows(ranks.at(3) / "dump.json", dir / "out_details", &details);
    for (int j = 0; j < testing::kCollectiveRanks; ++j) {
        CHECK(details.at("Distributed.all_gather.0.forward.output." + std::to_string(j))[21] == "pass");
    }
}
