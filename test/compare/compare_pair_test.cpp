// compare_pair on small dump pairs written here: the table's mode follows the
// dumps, rows follow the NPU dump, -f pairs differing call counters, a stack
// column on request, and a tensor dump without its tensor folder is refused.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/compare_pair.hpp"
#include "result_cell.hpp"
#include "support/small_dump.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using testing::SmallApi;
using testing::SmallTask;

namespace {

PairInput pair_of(const fs::path& dir, const std::vector<SmallApi>& npu, const std::vector<SmallApi>& bench,
                  SmallTask task = SmallTask::Statistics) {
    return {testing::write_small_dump(dir / "npu", npu, task), testing::write_small_dump(dir / "bench", bench, task),
            std::nullopt, {}};
}

ResultTable compare_dumps(const PairInput& input, const CompareOptions& options = {}) {
    ThreadPool pool(1);
    return compare_pair(input, options, pool);
}

}  // namespace

TEST_CASE("statistics dumps: one row per NPU leaf, statistics differences and the unmatched row",
          "[compare][compare_pair]") {
    const fs::path dir = testing::scratch_dir("compare_pair_statistics");
    const ResultTable result = compare_dumps(pair_of(dir,
                                               {{"Functional.relu.0.forward", {{1, 5}}, {{1, 5}}},
                                                {"Torch.add.0.forward", {{1, 2}}, {{3}}}},
                                               {{"Functional.relu.0.forward", {{1, 2}}, {{1, 5}}}}));
    CHECK(result.mode == CompareMode::Summary);
    REQUIRE(result.table.rows.size() == 4);
    CHECK(result.table.header.front() == "NPU Name");
    CHECK(testing::result_cell(result, 0, "NPU Name").text() == "Functional.relu.0.forward.input.0");
    CHECK(testing::result_cell(result, 0, "Max diff").number() == 3.0);
    CHECK(testing::result_cell(result, 0, "MaxRelativeErr").text() == "150.0%");
    CHECK(testing::result_cell(result, 0, "Result").text() == "Warning");
    CHECK(testing::result_cell(result, 1, "Max diff").number() == 0.0);
    CHECK(testing::result_cell(result, 3, "NPU Name").text() == "Torch.add.0.forward.output.0");
    CHECK(testing::result_cell(result, 3, "Bench Name").text() == "N/A");
    // The bench side has no requires_grad to agree with, and msprobe says so too.
    CHECK(testing::result_cell(result, 3, "Err_message").text() ==
          "No bench data matched.Requires_grad inconsistent. ");
    CHECK(result.api_of(3) == "Torch.add.0.forward");
    CHECK(result.states.at(3) == dump::RowState::Output);
    CHECK(result.column("NPU_Stack_Info") < 0);
}

TEST_CASE("fuzzy matching pairs calls whose counters differ, an exact compare does not", "[compare][compare_pair]") {
    const fs::path dir = testing::scratch_dir("compare_pair_fuzzy");
    const PairInput input = pair_of(dir, {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}},
                                    {{"Functional.relu.3.forward", {{1, 2}}, {{1, 2}}}});
    CHECK(testing::result_cell(compare_dumps(input), 0, "Bench Name").text() == "N/A");
    CompareOptions fuzzy;
    fuzzy.fuzzy_match = true;
    CHECK(testing::result_cell(compare_dumps(input, fuzzy), 0, "Bench Name").text() ==
          "Functional.relu.3.forward.input.0");
}

TEST_CASE("md5 and tensor dumps give their own tables, a stack column on request", "[compare][compare_pair]") {
    const fs::path dir = testing::scratch_dir("compare_pair_modes");
    const std::vector<SmallApi> npu = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}};
    const std::vector<SmallApi> bench = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 3}}}};
    const ResultTable md5 = compare_dumps(pair_of(dir / "md5", npu, bench, SmallTask::Md5));
    CHECK(md5.mode == CompareMode::Md5);
    CHECK(testing::result_cell(md5, 0, "Result").text() == "pass");
    CHECK(testing::result_cell(md5, 1, "Result").text() == "Different");

    PairInput tensors = pair_of(dir / "tensor", npu, bench, SmallTask::Tensor);
    testing::write_file(
        dir / "tensor" / "npu" / "stack.json",
        R"J({"0": [["Functional.relu.0.forward"], ["File model.py, line 3, in forward, y = F.relu(x)"]]})J");
    tensors.stack_json = dir / "tensor" / "npu" / "stack.json";
    const ResultTable all = compare_dumps(tensors);
    CHECK(all.mode == CompareMode::All);
    CHECK(testing::result_cell(all, 0, "Cosine").number() == 1.0);
    CHECK(testing::result_cell(all, 1, "MaxAbsErr").number() == 1.0);
    CHECK(testing::result_cell(all, 0, "NPU_Stack_Info").text().find("model.py") != std::string::npos);
    REQUIRE(all.stack != nullptr);  // kept for the run summary

    fs::remove_all(dir / "tensor" / "bench" / "dump_tensor_data");
    try {
        compare_dumps(tensors);
        FAIL("a tensor dump without its tensor folder must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "tensor" / "bench" / "dump_tensor_data").string());
        CHECK(e.reason() == "tensor data directory of a tensor-task dump is missing");
    }
}
