// A rank's ops as they travel to process 0 in a spread nan_analyze: every op,
// its kind, flag and communication facts survive the round trip through the
// message (and MessagePack, as it is sent), in file order; a message missing
// a part is refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "first_diff/rank_ops_message.hpp"

using namespace msprobe::first_diff;
using nlohmann::json;

namespace {

RankOps three_ops() {
    RankOps ops;
    ops.rank = 5;
    ops.source = "/dump/step0/rank5/dump.json";
    ops.framework = "pytorch";
    RankOp compute;
    compute.name = "Torch.add.0.forward";
    compute.kind = OpKind::Compute;
    compute.flagged = true;
    RankOp send;
    send.name = "Distributed.send.0.forward";
    send.kind = OpKind::Communication;
    send.comm = CommFacts{CommRole::Src, {1, 7}, true, false};
    RankOp ignored;
    ignored.name = "Tensor.__setitem__.0.forward";
    ignored.kind = OpKind::Ignored;
    ignored.comm.role = CommRole::Dst;
    ops.ops = {compute, send, ignored};
    return ops;
}

RankOps sent(const RankOps& ops) {
    return rank_ops_from_message(json::from_msgpack(json::to_msgpack(rank_ops_message(ops))));
}

}  // namespace

TEST_CASE("rank ops message: every op and fact survives the trip, in order", "[first_diff][rank_ops_message]") {
    const RankOps back = sent(three_ops());
    CHECK(back.rank == 5);
    CHECK(back.source == "/dump/step0/rank5/dump.json");
    CHECK(back.framework == "pytorch");
    REQUIRE(back.ops.size() == 3);
    CHECK(back.ops[0].name == "Torch.add.0.forward");
    CHECK(back.ops[0].kind == OpKind::Compute);
    CHECK(back.ops[0].flagged);
    CHECK(back.ops[0].comm.role == CommRole::Link);  // the defaults of a compute op
    CHECK(back.ops[0].comm.ranks.empty());
    CHECK_FALSE(back.ops[0].comm.keeps_itself);
    CHECK(back.ops[0].comm.feeds_compute_ops);
    CHECK(back.ops[1].name == "Distributed.send.0.forward");
    CHECK(back.ops[1].kind == OpKind::Communication);
    CHECK_FALSE(back.ops[1].flagged);
    CHECK(back.ops[1].comm.role == CommRole::Src);
    CHECK(back.ops[1].comm.ranks == std::vector<std::int64_t>{1, 7});
    CHECK(back.ops[1].comm.keeps_itself);
    CHECK_FALSE(back.ops[1].comm.feeds_compute_ops);
    CHECK(back.ops[2].kind == OpKind::Ignored);
    CHECK(back.ops[2].comm.role == CommRole::Dst);
}

TEST_CASE("rank ops message: a rank without ops or framework, and bytes that are no UTF-8",
          "[first_diff][rank_ops_message]") {
    RankOps ops;
    ops.rank = -1;
    ops.source = "/dump/\xff\xfe/dump.json";
    const RankOps back = sent(ops);
    CHECK(back.rank == -1);
    CHECK(back.source == ops.source);
    CHECK(back.framework.empty());
    CHECK(back.ops.empty());
}

TEST_CASE("rank ops message: its form", "[first_diff][rank_ops_message]") {
    const json message = rank_ops_message(three_ops());
    CHECK(message.at("rank") == 5);
    CHECK(message.at("framework") == "pytorch");
    REQUIRE(message.at("ops").size() == 3);
    CHECK(message.at("ops").at(1) == json::array({"Distributed.send.0.forward", 1, false, 0, {1, 7}, true, false}));
    CHECK(message.at("ops").at(0) == json::array({"Torch.add.0.forward", 0, true, 2, json::array(), false, true}));
}

TEST_CASE("rank ops message: a message missing a part is refused", "[first_diff][rank_ops_message]") {
    const json message = rank_ops_message(three_ops());
    for (const char* field : {"rank", "source", "framework", "ops"}) {
        CAPTURE(field);
        json missing = message;
        missing.erase(field);
        CHECK_THROWS_AS(rank_ops_from_message(missing), json::out_of_range);
    }
    json short_op = message;
    short_op["ops"][0].erase(6);  // feeds_compute_ops
    CHECK_THROWS_AS(rank_ops_from_message(short_op), json::out_of_range);
    json text_rank = message;
    text_rank["rank"] = "5";
    CHECK_THROWS_AS(rank_ops_from_message(text_rank), json::type_error);
}
