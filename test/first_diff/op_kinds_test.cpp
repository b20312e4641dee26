// Key classification and the communication role tables of the
// first-difference and first-NaN analyses.
#include <catch2/catch.hpp>

#include "first_diff/op_kinds.hpp"

using namespace msprobe::first_diff;

TEST_CASE("roles and their opposites", "[op_kinds]") {
    CHECK(role_name(CommRole::Src) == "src");
    CHECK(role_name(CommRole::Dst) == "dst");
    CHECK(role_name(CommRole::Link) == "link");
    CHECK(opposite(CommRole::Src) == CommRole::Dst);
    CHECK(opposite(CommRole::Dst) == CommRole::Src);
    CHECK(opposite(CommRole::Link) == CommRole::Link);
}

TEST_CASE("compare -da key rules", "[op_kinds]") {
    const auto& rules = diff_key_rules();
    CHECK(rules.kind_of("Distributed.all_reduce.0.forward") == OpKind::Communication);
    CHECK(rules.kind_of("MintDistributed.broadcast.1.forward") == OpKind::Communication);
    CHECK(rules.kind_of("communication.comm_func.all_gather_into_tensor.0.forward") == OpKind::Communication);
    CHECK(rules.kind_of("Distributed.batch_isend_irecv.0.forward") == OpKind::Communication);
    // Classification does not check the segment count (the analysis rejects short keys).
    CHECK(rules.kind_of("Distributed.all_reduce.1") == OpKind::Communication);
    // A communication prefix without a communication keyword is compute.
    CHECK(rules.kind_of("Distributed.barrier.0.forward") == OpKind::Compute);
    // A keyword without the prefix is compute too.
    CHECK(rules.kind_of("Functional.all_reduce.0.forward") == OpKind::Compute);
    CHECK(rules.kind_of("Functional.linear.0.forward") == OpKind::Compute);
    CHECK(rules.kind_of("Torch.empty.0.forward") == OpKind::Ignored);
    CHECK(rules.kind_of("Torch.fill.2.forward") == OpKind::Ignored);
    CHECK(rules.kind_of("Torch.empty_like.0.forward") == OpKind::Ignored);
    CHECK(rules.kind_of("Tensor.__setitem__.0.forward") == OpKind::Ignored);
    CHECK(rules.kind_of("Module.fc.Linear.parameters_grad") == OpKind::Ignored);
    CHECK(rules.kind_of("Tensor.to.0.forward") == OpKind::Ignored);
    // Ignored words are substrings: Tensor.topk contains Tensor.to.
    CHECK(rules.kind_of("Tensor.topk.0.forward") == OpKind::Ignored);
    // The ignore list wins over the communication rule.
    CHECK(rules.kind_of("Distributed.send.0.forward.Torch.empty") == OpKind::Ignored);
}

TEST_CASE("nan_analyze key rules", "[op_kinds]") {
    const auto& rules = nan_key_rules();
    CHECK(rules.kind_of("Distributed.isend.0.forward") == OpKind::Communication);
    CHECK(rules.kind_of("MintDistributed.broadcast.1.forward") == OpKind::Compute);
    CHECK(rules.kind_of("Torch.empty.0.forward") == OpKind::Ignored);
    CHECK(rules.kind_of("Tensor.__setitem__.0.forward") == OpKind::Compute);
    CHECK(rules.kind_of("Tensor.to.0.forward") == OpKind::Compute);
    CHECK(rules.kind_of("Tensor.topk.0.forward") == OpKind::Compute);
    CHECK(rules.kind_of("Torch.operator.1.forward") == OpKind::Compute);
}

TEST_CASE("the API segment of a communication key", "[op_kinds]") {
    CHECK(comm_api("Distributed.all_reduce.0.forward") == "all_reduce");
    CHECK(comm_api("Distributed.send.3.backward.extra") == "send");
    CHECK(comm_api("Distributed.send.3") == std::nullopt);
    CHECK(comm_api("Distributed") == std::nullopt);
    CHECK(comm_api("a..b.c") == "");
}

TEST_CASE("directed roles and peer APIs", "[op_kinds]") {
    CHECK(directed_role("send") == CommRole::Dst);
    CHECK(directed_role("recv") == CommRole::Src);
    CHECK(directed_role("isend") == CommRole::Dst);
    CHECK(directed_role("irecv") == CommRole::Src);
    CHECK(directed_role("broadcast") == CommRole::Src);
    CHECK(directed_role("scatter") == CommRole::Src);
    CHECK(directed_role("gather") == CommRole::Dst);
    CHECK(directed_role("send_object_list") == CommRole::Dst);
    CHECK(directed_role("recv_object_list") == CommRole::Src);
    CHECK(directed_role("all_reduce") == std::nullopt);
    CHECK(directed_role("all_gather") == std::nullopt);

    CHECK(peer_api("send") == "recv");
    CHECK(peer_api("recv") == "send");
    CHECK(peer_api("isend") == "irecv");
    CHECK(peer_api("irecv") == "isend");
    CHECK(peer_api("send_object_list") == "recv_object_list");
    CHECK(peer_api("recv_object_list") == "send_object_list");
    CHECK(peer_api("all_reduce") == "all_reduce");
}
