// nan_analyze's reading of a rank's dump.json: which entries turn clean inputs
// into NaN/Inf, and what a communication entry says about its peers.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <set>

#include "common/error.hpp"
#include "first_diff/nan_dump_reader.hpp"
#include "support/file_text.hpp"
#include "support/json_document.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

rapidjson::Document parse(const char* text) { return testing::json_document(text); }

std::set<std::int64_t> as_set(const std::vector<std::int64_t>& v) { return {v.begin(), v.end()}; }

}  // namespace

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

TEST_CASE("section_has_nan_inf: a top-level leaf's Max or Min, in a list or a dict", "[first_diff][nan_analyze]") {
    CHECK(section_has_nan_inf(parse(R"([{"Max": 1.0, "Min": 0.0}, {"Max": 2.0, "Min": "-inf"}])")));
    CHECK(section_has_nan_inf(parse(R"({"weight": {"Max": "Inf", "Min": 0.0}})")));
    CHECK_FALSE(section_has_nan_inf(parse(R"([{"Max": 1.0, "Min": 0.0, "Mean": "nan"}])")));  // Mean does not count
    CHECK_FALSE(section_has_nan_inf(parse(R"([[{"Max": "nan", "Min": 0.0}]])")));  // nested leaves do not either
    CHECK_FALSE(section_has_nan_inf(parse(R"([{"Max": "Infinity", "Min": 0.0}])")));  // only nan, inf, -inf
    CHECK_FALSE(section_has_nan_inf(parse("[]")));
}

TEST_CASE("read_nan_rank: every data entry in file order, flagged and typed", "[first_diff][nan_analyze]") {
    const auto dir = testing::scratch_dir("nan_dump_reader_rank");
    testing::write_file(dir / "dump.json", R"({"task": "statistics", "level": "mix", "data": {
      "Torch.add.0.forward": {"input_args": [{"type": "torch.Tensor", "Max": 1.0, "Min": 0.0}],
                              "output": [{"type": "torch.Tensor", "Max": 1.0, "Min": 0.0}]},
      "Torch.div.0.forward": {"input_args": [{"type": "torch.Tensor", "Max": 1.0, "Min": 0.0}],
                              "output": [{"type": "torch.Tensor", "Max": "inf", "Min": 0.0}]},
      "Distributed.all_reduce.0.forward": {"input_args": [{"type": "torch.Tensor", "Max": "inf", "Min": 0.0}],
                                           "output": [{"type": "torch.Tensor", "Max": "inf", "Min": 0.0}]},
      "Torch.mul.0.forward": "not a dict"}})");
    const RankOps ops = read_nan_rank(dir / "dump.json", 2);
    CHECK(ops.rank == 2);
    CHECK(ops.source == (dir / "dump.json").string());
    REQUIRE(ops.ops.size() == 4);
    CHECK(ops.ops[0].name == "Torch.add.0.forward");
    CHECK_FALSE(ops.ops[0].flagged);
    CHECK(ops.ops[1].flagged);
    CHECK(ops.ops[1].kind == OpKind::Compute);
    CHECK(ops.ops[2].kind == OpKind::Communication);
    CHECK_FALSE(ops.ops[2].flagged);  // its input was not clean
    CHECK(ops.ops[2].comm.role == CommRole::Link);
    CHECK_FALSE(ops.ops[3].flagged);

    testing::write_file(dir / "no_data.json", R"({"task": "statistics"})");
    CHECK(read_nan_rank(dir / "no_data.json", 0).ops.empty());
    testing::write_file(dir / "list.json", "[]");
    CHECK_THROWS_WITH(read_nan_rank(dir / "list.json", 0), Catch::Contains("the top level is not a JSON object"));
    CHECK_THROWS_AS(read_nan_rank(dir / "missing.json", 0), Error);
}
