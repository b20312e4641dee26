// PairRows, where a compared pair's rows come from, as a pair held whole
// (HeldPairRows) gives them: its size, chunks that end on API batch
// boundaries, the rows of any range, the stack read for the stack column, and
// nothing to read ahead.
#include <catch2/catch.hpp>

#include <any>
#include <optional>

#include "common/thread_pool.hpp"
#include "compare/compare_pair.hpp"
#include "compare/pair_rows.hpp"
#include "result_cell.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

namespace {

// Three APIs of 2, 3 and 2 rows on both sides: batches [0, 2), [2, 5), [5, 7).
PairInput three_api_pair(const fs::path& dir) {
    const std::vector<testing::SmallApi> apis = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}},
                                                 {"Torch.add.0.forward", {{1}, {2}}, {{3}}},
                                                 {"Functional.gelu.0.forward", {{1}}, {{0.5f}}}};
    return {testing::write_small_dump(dir / "npu", apis), testing::write_small_dump(dir / "bench", apis),
            std::nullopt, {}};
}

// Only what every PairRows must give.
class NoRows final : public PairRows {
public:
    std::size_t size() const override { return 0; }
    std::size_t chunk_end(std::size_t begin, std::size_t) override { return begin; }
    ResultTable rows(std::size_t, std::size_t, std::any, const CompareOptions&, ThreadPool&) override { return {}; }
    const std::shared_ptr<const dump::StackFile>& stack() const override { return stack_; }

private:
    std::shared_ptr<const dump::StackFile> stack_;
};

}  // namespace

TEST_CASE("a pair rows source reads nothing ahead unless it says so", "[compare][pair_rows]") {
    NoRows rows;
    CHECK_FALSE(rows.read_ahead(0, 10).has_value());
    CHECK(rows.stack() == nullptr);
}

TEST_CASE("held pair rows: chunks end on API batch boundaries at least min_rows on", "[compare][pair_rows]") {
    const fs::path dir = testing::scratch_dir("pair_rows_chunks");
    ThreadPool pool(1);
    const MatchedPair matched = match_pair(three_api_pair(dir), {}, pool);
    HeldPairRows held(matched);
    PairRows& rows = held;
    REQUIRE(rows.size() == 7);
    CHECK(rows.chunk_end(0, 1) == 2);
    CHECK(rows.chunk_end(0, 2) == 2);
    CHECK(rows.chunk_end(0, 3) == 5);  // the Torch.add batch is not cut
    CHECK(rows.chunk_end(0, 5) == 5);
    CHECK(rows.chunk_end(0, 6) == 7);
    CHECK(rows.chunk_end(2, 1) == 5);
    CHECK(rows.chunk_end(5, 1) == 7);
    CHECK(rows.chunk_end(0, 100) == 7);  // past the end: every row
    CHECK_FALSE(rows.read_ahead(0, 2).has_value());
}

TEST_CASE("held pair rows: any range's rows, the header alone for an empty range", "[compare][pair_rows]") {
    const fs::path dir = testing::scratch_dir("pair_rows_ranges");
    ThreadPool pool(2);
    const CompareOptions options;
    const MatchedPair matched = match_pair(three_api_pair(dir), options, pool);
    HeldPairRows held(matched);
    const ResultTable none = held.rows(0, 0, {}, options, pool);
    CHECK(none.table.rows.empty());
    CHECK(none.table.header.front() == "NPU Name");
    const ResultTable middle = held.rows(2, 5, {}, options, pool);
    REQUIRE(middle.table.rows.size() == 3);
    CHECK(middle.table.header == none.table.header);
    CHECK(testing::result_cell(middle, 0, "NPU Name").text() == "Torch.add.0.forward.input.0");
    CHECK(testing::result_cell(middle, 1, "Bench Name").text() == "Torch.add.0.forward.input.1");
    CHECK(testing::result_cell(middle, 2, "NPU Name").text() == "Torch.add.0.forward.output.0");
    CHECK(middle.api_of(2) == "Torch.add.0.forward");
    CHECK(middle.stack == nullptr);  // no stack attached to a range
    const ResultTable last = held.rows(6, 7, {}, options, pool);
    REQUIRE(last.table.rows.size() == 1);
    CHECK(testing::result_cell(last, 0, "NPU Name").text() == "Functional.gelu.0.forward.output.0");
    CHECK(testing::result_cell(last, 0, "NPU max").number() == 0.5);
}

TEST_CASE("held pair rows: the stack is the one read for the stack column", "[compare][pair_rows]") {
    const fs::path dir = testing::scratch_dir("pair_rows_stack");
    ThreadPool pool(1);
    PairInput input = three_api_pair(dir);
    CHECK(HeldPairRows(match_pair(input, {}, pool)).stack() == nullptr);

    testing::write_file(dir / "npu" / "stack.json",
                        R"J({"0": [["Torch.add.0.forward"], ["File model.py, line 7, in forward, z = x + y"]]})J");
    input.stack_json = dir / "npu" / "stack.json";
    CompareOptions options;
    options.stack_mode = true;
    const MatchedPair matched = match_pair(input, options, pool);
    HeldPairRows held(matched);
    REQUIRE(held.stack() != nullptr);
    CHECK(held.stack() == matched.stack);
    const ResultTable add = held.rows(2, 3, {}, options, pool);
    CHECK(testing::result_cell(add, 0, "NPU_Stack_Info").text().find("line 7") != std::string_view::npos);
}
