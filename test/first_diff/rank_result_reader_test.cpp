// A compare_result_rank*.json file read into the analysis model: the rank of
// the file name, every entry's kind and flag, and the communication facts.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <set>

#include "common/error.hpp"
#include "first_diff/rank_result_reader.hpp"
#include "support/json_document.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

rapidjson::Document parse(const char* text) { return testing::json_document(text); }

std::set<std::int64_t> as_set(const std::vector<std::int64_t>& v) { return {v.begin(), v.end()}; }

const char* kResults = R"json({
 "Torch.add.0.forward": {"is_same": false, "op_items": []},
 "Torch.empty.0.forward": {"is_same": true},
 "Distributed.send.1.forward": {"is_same": true, "op_items": [
   {"NPU Name": "Distributed.send.1.forward.input.dst", "state": "input", "NPU max": 1}]},
 "Distributed.all_reduce.2.forward": {"is_same": false},
 "Torch.mul.3.forward": {}
})json";

}  // namespace

TEST_CASE("result file names give the rank", "[rank_result_reader]") {
    CHECK(rank_of_result_name("compare_result_rank0_123456.json") == 0);
    CHECK(rank_of_result_name("compare_result_rank1_123456.json") == 1);
    CHECK(rank_of_result_name("compare_result_rank_20261125211940.json") == 0);
    CHECK(rank_of_result_name("compare_result_rank12_x.json") == 12);
    CHECK_FALSE(rank_of_result_name("compare_result_rankx_1.json"));
    CHECK_FALSE(rank_of_result_name("compare_result_rank1_1.xlsx"));
    CHECK_FALSE(rank_of_result_name("diff_analyze_1.json"));
}

TEST_CASE("communication node typing and peers from the per-rank result rows", "[rank_result_reader]") {
    const ResultReadOptions fixed{false};
    SECTION("dst 1 and group [0,1,2] at rank 0") {
        const auto items = parse(R"([
            {"NPU Name": "input.0.dst", "NPU max": 1, "state": "input", "NPU P2POp peer": "None"},
            {"NPU Name": "input.1.group", "NPU MD5": "[0,1,2]", "state": "input", "NPU P2POp peer": "None"}])");
        const auto facts = comm_facts_of_items(items, 0, fixed);
        CHECK(as_set(facts.ranks) == std::set<std::int64_t>{1, 0, 2});
        CHECK(facts.role == CommRole::Src);  // a dst argument naming another rank: this rank sends
        CHECK(opposite(facts.role) == CommRole::Dst);  // the target type
    }
    SECTION("src 0 at rank 0 -> src; dst 0 at rank 0 -> dst; no rank argument -> link") {
        CHECK(comm_facts_of_items(parse(R"([{"NPU Name": "input.0.src", "NPU max": 0, "state": "input"}])"), 0, fixed)
                  .role == CommRole::Src);
        CHECK(comm_facts_of_items(parse(R"([{"NPU Name": "input.0.dst", "NPU max": 0, "state": "input"}])"), 0, fixed)
                  .role == CommRole::Dst);
        CHECK(comm_facts_of_items(parse(R"([{"NPU Name": "input.0", "NPU max": 0, "state": "input"}])"), 0, fixed)
                  .role == CommRole::Link);
    }
    SECTION("rank texts compare as numbers; msprobe's text-vs-int defect only with strict_compat") {
        const auto items =
            parse(R"([{"NPU Name": "x.input.src", "NPU max": "0", "state": "input", "NPU P2POp peer": "None"},
                                     {"NPU Name": "x.input.group", "NPU max": "[0, 1, 2, 3]", "state": "input", "NPU P2POp peer": "None"}])");
        const auto fixed_facts = comm_facts_of_items(items, 0, fixed);
        CHECK(fixed_facts.role == CommRole::Src);
        CHECK(fixed_facts.ranks == std::vector<std::int64_t>{0, 0, 1, 2, 3});
        const auto strict = comm_facts_of_items(items, 0, ResultReadOptions{true});
        CHECK(strict.role == CommRole::Dst);
        CHECK(strict.ranks == std::vector<std::int64_t>{0, 1, 2, 3});  // src 0 dropped, the group still names 0
    }
    SECTION("P2POp peers of batch_isend_irecv lists") {
        const auto items = parse(R"([{"NPU Name": "x.input.0.0", "NPU max": 1.0, "state": "input", "NPU P2POp peer": 3},
                                     {"NPU Name": "x.input.0.1", "NPU max": 1.0, "state": "input", "NPU P2POp peer": "None"}])");
        CHECK(comm_facts_of_items(items, 0, fixed).ranks == std::vector<std::int64_t>{3});
    }
}

TEST_CASE("a result file read into ops in file order", "[rank_result_reader]") {
    const auto file = testing::scratch_file("rank_result_reader_ops", "compare_result_rank0_1.json", kResults);
    const auto rank0 = read_rank_results(file, 0, ResultReadOptions{});
    CHECK(rank0.rank == 0);
    CHECK(rank0.source == file.string());
    REQUIRE(rank0.ops.size() == 5);
    std::vector<std::string> names;
    for (const auto& op : rank0.ops) names.push_back(op.name);
    CHECK(names == std::vector<std::string>{"Torch.add.0.forward", "Torch.empty.0.forward",
                                            "Distributed.send.1.forward", "Distributed.all_reduce.2.forward",
                                            "Torch.mul.3.forward"});
    CHECK(rank0.ops[0].kind == OpKind::Compute);
    CHECK(rank0.ops[0].flagged);
    CHECK(rank0.ops[1].kind == OpKind::Ignored);
    CHECK_FALSE(rank0.ops[1].flagged);
    // dst 1 read at rank 0: this rank sends.
    const auto& send = rank0.ops[2];
    CHECK(send.kind == OpKind::Communication);
    CHECK_FALSE(send.flagged);
    CHECK(send.comm.role == CommRole::Src);
    CHECK(send.comm.ranks == std::vector<std::int64_t>{1});
    CHECK_FALSE(send.comm.keeps_itself);
    // A differing communication op without rows: a link to all ranks that keeps itself.
    const auto& all_reduce = rank0.ops[3];
    CHECK(all_reduce.kind == OpKind::Communication);
    CHECK(all_reduce.flagged);
    CHECK(all_reduce.comm.role == CommRole::Link);
    CHECK(all_reduce.comm.ranks.empty());
    CHECK(all_reduce.comm.keeps_itself);
    // No is_same: not flagged.
    CHECK_FALSE(rank0.ops[4].flagged);

    // The same file read as rank 1: dst names this rank, which receives.
    CHECK(read_rank_results(file, 1, ResultReadOptions{}).ops[2].comm.role == CommRole::Dst);
}

TEST_CASE("a result file that is not an object of entries is refused", "[rank_result_reader]") {
    const auto array = testing::scratch_file("rank_result_reader_array", "compare_result_rank0_1.json", "[]");
    CHECK_THROWS_WITH(read_rank_results(array, 0, ResultReadOptions{}),
                      Catch::Contains("expected a JSON object of API entries"));
    const auto entry = testing::scratch_file("rank_result_reader_entry", "compare_result_rank0_1.json",
                                             R"({"Torch.add.0.forward": [1]})");
    try {
        read_rank_results(entry, 0, ResultReadOptions{});
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == entry.string());
        CHECK(e.reason() == "entry 'Torch.add.0.forward' is not an object");
    }
}
