// The analyzer and graph vectors of the diff_analyze spec (§9, §16): the
// three phases, and nan_analyze's reading of dump entries.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <algorithm>
#include <set>

#include "common/error.hpp"
#include "first_diff/analysis.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "first_diff/nan_dump_reader.hpp"
#include "first_diff/op_kinds.hpp"
#include "support/json_document.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

rapidjson::Document parse(const char* text) { return testing::json_document(text); }

RankOp op(const std::string& name, bool flagged = false) {
    RankOp o;
    o.name = name;
    o.kind = diff_key_rules().kind_of(name);
    o.flagged = flagged;
    o.comm.keeps_itself = flagged;
    return o;
}

AnalysisRules diff_rules() { return AnalysisRules::first_diff(); }

std::set<std::int64_t> as_set(const std::vector<std::int64_t>& v) { return {v.begin(), v.end()}; }

}  // namespace

TEST_CASE("phase 1 reports the first differing op before any communication", "[first_diff]") {
    RankOps rank0{0, "r0", {op("Torch.add.1.forward", true), op("Distributed.all_reduce.2.forward")}};
    RankOps rank1{1, "r1", {op("Torch.add.1.forward"), op("Distributed.all_reduce.2.forward")}};
    const auto result = find_first({rank1, rank0}, diff_rules());
    CHECK(result.phase == Phase::BeforeCommunication);
    REQUIRE(result.findings.size() == 1);
    CHECK(result.findings[0].rank == 0);
    CHECK(result.findings[0].index == 0);
}

TEST_CASE("a communication key with fewer than four segments is rejected", "[first_diff]") {
    RankOps rank0{0, "r0.json", {op("Distributed.all_reduce.1")}};
    CHECK_THROWS_WITH(find_first({rank0}, diff_rules()), Catch::Contains("invalid op_name: Distributed.all_reduce.1"));
}

TEST_CASE("phase 2: a differing compute op beats the communication op it feeds", "[first_diff]") {
    // rank 0: all_reduce (links all), add (differs), all_reduce whose own output differs.
    RankOps rank0{0, "r0", {op("Distributed.all_reduce.1.forward", true), op("Torch.add.2.forward", true),
                            op("Distributed.all_reduce.3.forward", true)}};
    const auto result = find_first({rank0}, diff_rules());
    CHECK(result.phase == Phase::DuringCommunication);
    REQUIRE(result.findings.size() == 1);
    // all_reduce.1 (layer 0, sub 0) is itself flagged and comes first.
    CHECK(result.findings[0].index == 0);
}

TEST_CASE("phase 2 groups: compute ops of every member, then the members that differ", "[first_diff]") {
    // rank 0 sends to rank 1; both sides differ, rank 0 carries two differing compute ops.
    RankOp send = op("Distributed.send.0.forward", true);
    send.comm.role = CommRole::Src;
    send.comm.ranks = {1};
    RankOp recv = op("Distributed.recv.0.forward", true);
    recv.comm.role = CommRole::Dst;
    recv.comm.ranks = {0};
    RankOps rank0{0, "r0", {op("Distributed.all_gather.0.forward"), op("Torch.a.0.forward", true),
                            op("Torch.b.0.forward", true), send}};
    RankOps rank1{1, "r1", {op("Distributed.all_gather.0.forward"), recv}};
    const auto result = find_first({rank0, rank1}, diff_rules());
    REQUIRE(result.phase == Phase::DuringCommunication);
    // Candidates: Torch.a (1, 0), Torch.b (1, 1), send (1, 2), recv (1, 0): the minimal two.
    REQUIRE(result.findings.size() == 2);
    CHECK(result.findings[0].rank == 0);
    CHECK(result.findings[0].index == 1);
    CHECK(result.findings[1].rank == 1);
    CHECK(result.findings[1].index == 1);

    AnalysisRules single = diff_rules();
    single.keep_all_minimal = false;
    const auto one = find_first({rank0, rank1}, single);
    REQUIRE(one.findings.size() == 1);
    CHECK(one.findings[0].rank == 0);
}

TEST_CASE("phase 3 reports each rank's first differing op after its last communication", "[first_diff]") {
    RankOps rank0{0, "r0", {op("Distributed.all_reduce.0.forward"), op("Torch.sigmoid.0.forward", true)}};
    RankOps rank1{1, "r1", {op("Distributed.all_reduce.0.forward"), op("Torch.relu.0.forward"),
                            op("Torch.sum.0.forward", true), op("Torch.mul.0.forward", true)}};
    const auto result = find_first({rank0, rank1}, diff_rules());
    CHECK(result.phase == Phase::AfterCommunication);
    REQUIRE(result.findings.size() == 2);
    CHECK(result.findings[0].rank == 0);
    CHECK(result.findings[0].index == 1);
    CHECK(result.findings[1].rank == 1);
    CHECK(result.findings[1].index == 2);
    CHECK(find_first({RankOps{0, "r", {op("Torch.a.0.forward")}}}, diff_rules()).findings.empty());
}

TEST_CASE("nan_analyze: anomalies, node typing and peers from dump entries", "[first_diff][nan_analyze]") {
    const auto clean = parse(R"({"input_args": [{"type": "torch.Tensor", "Max": 2.0, "Min": 1.0}],
                                 "output": [{"type": "torch.Tensor", "Max": 2.0, "Min": 1.0}]})");
    const auto nan_out = parse(R"({"input_args": [{"type": "torch.Tensor", "Max": 2.0, "Min": 1.0}],
                                   "output": [{"type": "torch.Tensor", "Max": "inf", "Min": "-inf"}]})");
    const auto nan_token = parse(R"({"input_args": [], "output": [{"Max": NaN, "Min": 1.0}]})");
    CHECK_FALSE(entry_is_anomalous("Torch.operator.1.forward", clean));
    CHECK(entry_is_anomalous("Torch.operator.1.forward", nan_out));
    CHECK(entry_is_anomalous("Torch.operator.1.forward", nan_token));
    CHECK_FALSE(entry_is_anomalous("Torch.empty.1.forward", nan_out));

    const auto broadcast = parse(R"({"input_args": [{"type": "torch.Tensor", "Max": 2.0, "Min": 1.0},
                                                    {"type": "int", "value": 0}],
                                     "input_kwargs": {"group": {"type": "ProcessGroup", "group_ranks": [0, 1, 2, 3]}},
                                     "output": [{"type": "torch.Tensor", "Max": 2.0, "Min": 1.0}]})");
    const auto at0 = nan_comm_facts("Distributed.broadcast.0.forward", broadcast, 0);
    CHECK(at0.role == CommRole::Src);
    CHECK(as_set(at0.ranks) == std::set<std::int64_t>{0, 1, 2, 3});
    CHECK_FALSE(at0.keeps_itself);  // a normal broadcast: no NaN/Inf, clean input
    CHECK(nan_comm_facts("Distributed.broadcast.0.forward", broadcast, 1).role == CommRole::Dst);
    const auto gather = parse(R"({"input_args": [{"type": "torch.Tensor", "Max": 2.0, "Min": 1.0}]})");
    CHECK(nan_comm_facts("Distributed.all_gather.0.forward", gather, 0).role == CommRole::Link);
    const auto send = parse(R"({"input_args": [{"type": "torch.Tensor", "Max": "nan", "Min": 1.0}],
                                "input_kwargs": {"dst": {"type": "int", "value": 1}}})");
    const auto send_facts = nan_comm_facts("Distributed.send.0.forward", send, 0);
    CHECK(send_facts.role == CommRole::Src);
    CHECK(send_facts.ranks == std::vector<std::int64_t>{1});
    CHECK(send_facts.keeps_itself);
    CHECK(send_facts.feeds_compute_ops);
}

TEST_CASE("nan_analyze: construct chains and stack lookup", "[first_diff][nan_analyze]") {
    const auto construct = parse(R"({"Torch.operator.1.forward": "Module.module.test_model.forward.0",
                                     "Module.module.test_model.forward.0": ["Module.module.parent_model.forward.0", 0],
                                     "Module.module.parent_model.forward.0": "Module.module.root_model.forward.0",
                                     "Module.module.root_model.forward.0": null})");
    const auto chain = construct_chain(construct, "Torch.operator.1.forward");
    REQUIRE(chain.size() == 4);
    CHECK(chain.front() == "Module.module.root_model.forward.0");
    CHECK(chain.back() == "Torch.operator.1.forward");
    const auto looped = parse(R"({"a.0.forward": "b", "b": "a.0.forward"})");
    CHECK(construct_chain(looped, "a.0.forward") == std::vector<std::string>{"b", "a.0.forward"});

    const auto stack = parse(R"J({"0": [["Torch.operator.1.forward"], ["File /root/example.py, line 10, in test_fcn, \\n test(tensor)"]]})J");
    const auto frames = find_stack_frames(stack, "Torch.operator.1.forward", "stack.json");
    REQUIRE(frames);
    CHECK(std::string(frames.item(0).text()) == "File /root/example.py, line 10, in test_fcn, \\n test(tensor)");
    CHECK_FALSE(find_stack_frames(stack, "Torch.operator.2.forward", "stack.json"));
    CHECK_THROWS_AS(find_stack_frames(parse(R"({"0": "not a list"})"), "x", "stack.json"), Error);
}
