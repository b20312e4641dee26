// diff_analyze_{ns}.json: per rank, the first differing nodes' NPU
// statistics and stack, read back from the rank's result file.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "first_diff/diff_report.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;
namespace fs = std::filesystem;

namespace {

RankOps rank_ops(std::int64_t rank, std::vector<std::string> names) {
    RankOps ops;
    ops.rank = rank;
    for (auto& name : names) ops.ops.push_back(RankOp{std::move(name), OpKind::Compute, true, {}});
    return ops;
}

const char* kRank0Results = R"json({
 "Functional.a.0.forward": {"op_items": [
  {"NPU Name": "Functional.a.0.forward.input.0", "state": "input", "NPU max": 1.5, "NPU min": 0,
   "NPU mean": 1.0, "NPU l2norm": 2, "NPU_Stack_Info": "N/A"},
  {"NPU Name": "Functional.a.0.forward.input.1", "state": "input", "NPU max": NaN, "NPU min": "None",
   "NPU mean": null, "NPU P2POp peer": 3, "NPU_Stack_Info": []},
  {"NPU Name": "Functional.a.0.forward.output.0", "state": "output", "NPU MD5": "abcd",
   "NPU_Stack_Info": ["File t.py, line 2", "a(x)"]},
  {"NPU Name": "Functional.a.0.forward.output.1", "state": "output",
   "NPU_Stack_Info": ["File t.py, line 3", "b(x)"]}
 ]},
 "Functional.b.0.forward": {}
})json";

}  // namespace

TEST_CASE("the report lists each rank's nodes with their NPU metrics and stack", "[diff_report]") {
    const auto dir = testing::scratch_dir("diff_report_nodes");
    const auto rank0 = testing::scratch_file("diff_report_rank0", "compare_result_rank0.json", kRank0Results);
    const auto rank2 = testing::scratch_file("diff_report_rank2", "compare_result_rank2.json",
                                             R"json({"Functional.c.0.forward": {"op_items": []}})json");
    const std::vector<RankOps> ranks = {rank_ops(2, {"Functional.c.0.forward"}),
                                        rank_ops(0, {"Functional.a.0.forward", "Functional.b.0.forward"})};
    const std::vector<Finding> findings = {{0, 0, 1, 0}, {0, 1, 1, 0}, {2, 0, 1, 0}};
    const auto out = dir / "diff_analyze.json";
    write_diff_report(findings, ranks, {{0, rank0}, {2, rank2}}, out);
    // Rows without statistics keep only what they have; the stack is the first
    // frame list that is neither "N/A" nor empty.
    CHECK(testing::read_file_text(out) == R"json({
  "rank_0": [
    {
      "op_name": "Functional.a.0.forward",
      "data_info": {
        "input": {
          "Functional.a.0.forward.input.0": {
            "NPU max": 1.5,
            "NPU min": 0,
            "NPU mean": 1.0,
            "NPU l2norm": 2
          },
          "Functional.a.0.forward.input.1": {
            "NPU max": NaN,
            "NPU min": "None",
            "NPU mean": null,
            "NPU l2norm": null,
            "NPU P2POp peer": 3
          }
        },
        "output": {
          "Functional.a.0.forward.output.0": {
            "NPU MD5": "abcd"
          },
          "Functional.a.0.forward.output.1": {}
        }
      },
      "stack_info": [
        "File t.py, line 2",
        "a(x)"
      ]
    },
    {
      "op_name": "Functional.b.0.forward",
      "data_info": {
        "input": {},
        "output": {}
      },
      "stack_info": null
    }
  ],
  "rank_2": [
    {
      "op_name": "Functional.c.0.forward",
      "data_info": {
        "input": {},
        "output": {}
      },
      "stack_info": null
    }
  ]
})json");
}

TEST_CASE("no findings: an empty object", "[diff_report]") {
    const auto out = testing::scratch_dir("diff_report_empty") / "diff_analyze.json";
    write_diff_report({}, {}, {}, out);
    CHECK(testing::read_file_text(out) == "{}");
}

TEST_CASE("a finding the rank files cannot answer is an error", "[diff_report]") {
    const auto dir = testing::scratch_dir("diff_report_errors");
    const auto rank0 = testing::scratch_file("diff_report_errors_rank0", "compare_result_rank0.json", kRank0Results);
    const auto out = dir / "diff_analyze.json";
    try {
        write_diff_report({{0, 5, 1, 0}}, {rank_ops(0, {"Functional.a.0.forward"})}, {{0, rank0}}, out);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == out.string());
        CHECK(e.reason() == "rank 0 has no op number 5");
    }
    try {
        write_diff_report({{0, 0, 1, 0}}, {rank_ops(0, {"Functional.gone.0.forward"})}, {{0, rank0}}, out);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == rank0.string());
        CHECK(e.reason() == "entry 'Functional.gone.0.forward' disappeared while analysing");
    }
}
