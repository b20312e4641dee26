// The analyzer and graph vectors of the diff_analyze spec (§9, §16): the
// three phases.
#include <catch2/catch.hpp>

#include <algorithm>

#include "first_diff/analysis.hpp"
#include "first_diff/op_kinds.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

RankOp op(const std::string& name, bool flagged = false, const KeyRules& rules = diff_key_rules()) {
    RankOp o;
    o.name = name;
    o.kind = rules.kind_of(name);
    o.flagged = flagged;
    o.comm.keeps_itself = flagged;
    return o;
}

AnalysisRules diff_rules() { return AnalysisRules::first_diff(); }

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

TEST_CASE("August's overflow_check links a peer by its exact API name only", "[first_diff]") {
    // rank 0: broadcast, then an anomalous all_reduce; rank 1: an anomalous all_reduce_coalesced.
    const KeyRules& rules = nan_key_rules();
    RankOps rank0{0, "r0", {op("Distributed.broadcast.0.forward", false, rules),
                            op("Distributed.all_reduce.0.forward", true, rules)}};
    RankOps rank1{1, "r1", {op("Distributed.all_reduce_coalesced.0.forward", true, rules)}};
    // By id prefix, all_reduce finds all_reduce_coalesced and lifts it to its own layer: rank 0 comes first.
    const auto prefix = find_first({rank0, rank1}, AnalysisRules::first_anomaly());
    REQUIRE(prefix.findings.size() == 1);
    CHECK(prefix.findings[0].rank == 0);
    // By exact name they stay apart, and rank 1's op is on the earlier layer.
    const auto exact = find_first({rank0, rank1}, AnalysisRules::first_anomaly_exact_peer());
    REQUIRE(exact.findings.size() == 1);
    CHECK(exact.findings[0].rank == 1);
}
