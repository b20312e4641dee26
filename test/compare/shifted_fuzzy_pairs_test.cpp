// --strict_compat with -fm on statistics and md5 dumps (cli_august.md §4.2):
// August's msprobe still shifts the bench columns of a fuzzy pair, so in
// statistics mode the NPU dtype meets the bench shape and (tensors) nothing
// stays paired, md5 pairs always differ, and an NPU row the scan leaves
// unmatched aborts the run with pandas' length mismatch.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "compare/shifted_fuzzy_pairs.hpp"
#include "compare/verdict_rules.hpp"
#include "dump_rows.hpp"
#include "result_cell.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using msprobe::testing::dump_of;
using msprobe::testing::row;

namespace {

MatchPlan fuzzy_plan() {
    MatchPlan plan;
    plan.strategy = MatchStrategy::Fuzzy;
    plan.fuzzy_compares_shapes = false;  // August's -fm
    return plan;
}

using Pairs = std::vector<std::pair<std::uint32_t, std::int64_t>>;

Pairs pairs_of(const std::vector<RowPair>& pairs) {
    Pairs out;
    for (const auto& p : pairs) out.emplace_back(p.npu, p.bench);
    return out;
}

// relu(x) called as the 0th call on the NPU and the 2nd on the bench: fuzzy names agree.
const dump::DumpFile kNpu = dump_of({row("Functional.relu.0.forward.input.0", "torch.float32", "[2]"),
                                     row("Functional.relu.0.forward.input.1", "None", "None"),
                                     row("Functional.relu.0.forward.output.0", "torch.float32", "[2]")},
                                    "npu/dump.json");
const dump::DumpFile kBench = dump_of({row("Functional.relu.2.forward.input.0", "torch.float32", "[3]"),
                                       row("Functional.relu.2.forward.input.1", "None", "None"),
                                       row("Functional.relu.2.forward.output.0", "torch.float64", "[2]")},
                                      "bench/dump.json");

}  // namespace

TEST_CASE("shifted fuzzy pairs: statistics pairs keep only None against None", "[compare][shifted_fuzzy_pairs]") {
    CHECK(pairs_of(shifted_fuzzy_pairs(kNpu, kBench, fuzzy_plan(), CompareMode::Summary)) ==
          Pairs{{0, kNoBench}, {1, 1}, {2, kNoBench}});
}

TEST_CASE("shifted fuzzy pairs: md5 and tensor pairs go through the dtype gate only",
          "[compare][shifted_fuzzy_pairs]") {
    // Shapes are not compared (-fm): [2] pairs with [3]; float32 against float64 is unpaired.
    const Pairs expected{{0, 0}, {1, 1}, {2, kNoBench}};
    CHECK(pairs_of(shifted_fuzzy_pairs(kNpu, kBench, fuzzy_plan(), CompareMode::Md5)) == expected);
    CHECK(pairs_of(shifted_fuzzy_pairs(kNpu, kBench, fuzzy_plan(), CompareMode::All)) == expected);
}

TEST_CASE("shifted fuzzy pairs: an NPU row left unmatched is msprobe's abort, naming the NPU dump",
          "[compare][shifted_fuzzy_pairs]") {
    dump::DumpFile npu = kNpu;
    npu.rows.push_back(row("Torch.add.0.forward.output.0", "torch.float32", "[2]"));
    for (const CompareMode mode : {CompareMode::Summary, CompareMode::Md5}) {
        try {
            shifted_fuzzy_pairs(npu, kBench, fuzzy_plan(), mode);
            FAIL("no abort");
        } catch (const Error& e) {
            CHECK(e.file() == "npu/dump.json");
            CHECK(e.reason() == "Length mismatch: Expected axis has 18 elements, new values have 20 elements");
        }
    }
}

TEST_CASE("shifted md5 verdicts: every paired row is a CRC error, an unpaired row keeps its verdict",
          "[compare][shifted_fuzzy_pairs]") {
    ResultTable result;
    result.mode = CompareMode::Md5;
    result.table.header = {"NPU Name", "NPU MD5", "BENCH MD5", "Result", "Err_message"};
    result.table.rows.assign(3, {report::Cell("n"), report::Cell(), report::Cell(), report::Cell("pass"),
                                 report::Cell("[]")});
    apply_shifted_md5_verdicts(result, {{0, 0}, {1, kNoBench}, {2, 2}});
    for (const std::size_t r : {std::size_t{0}, std::size_t{2}}) {
        CHECK(testing::result_cell(result, r, "Result").text() == "error");
        CHECK(testing::result_cell(result, r, "Err_message").text() ==
              R"(["error: The CRC-32 value of NPU differs from that of the bench."])");
    }
    CHECK(testing::result_cell(result, 1, "Result").text() == "pass");
    CHECK(testing::result_cell(result, 1, "Err_message").text() == "[]");
    CHECK(testing::result_cell(result, 0, "NPU Name").text() == "n");

    // Fewer pairs than rows: the rows past them are left alone.
    apply_shifted_md5_verdicts(result, {{0, kNoBench}});
    CHECK(testing::result_cell(result, 2, "Result").text() == "error");
}

TEST_CASE("shifted md5 verdicts: statistics and tensor tables are left alone", "[compare][shifted_fuzzy_pairs]") {
    for (const CompareMode mode : {CompareMode::Summary, CompareMode::All}) {
        ResultTable result;
        result.mode = mode;
        result.table.header = {"NPU Name", "Result", "Err_message"};
        result.table.rows = {{report::Cell("n"), report::Cell("pass"), report::Cell("[]")}};
        apply_shifted_md5_verdicts(result, {{0, 0}});
        CHECK(testing::result_cell(result, 0, "Result").text() == "pass");
        CHECK(testing::result_cell(result, 0, "Err_message").text() == "[]");
    }
}
