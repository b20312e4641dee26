// One side's parallel layout: read and checked as msprobe checks it, and
// Megatron's default TP and PP groups worked out by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "graph/parallel_merge_params.hpp"

using msprobe::dump::JsonFile;
using namespace msprobe::graph;

namespace {

ParallelParams read(const std::string& text) {
    return read_parallel_params(JsonFile::from_text(text, "input.json").root(), "npu", "input.json");
}

std::string refusal(const std::string& text) {
    try {
        (void)read(text);
    } catch (const msprobe::Error& e) {
        return e.what();
    }
    return "no error";
}

using Groups = std::vector<std::vector<int>>;

}  // namespace

TEST_CASE("parallel params: sizes, the optional vpp and order", "[graph][parallel_merge_params]") {
    const ParallelParams plain = read(R"({"rank_size": 8, "tp": 2, "pp": 2})");
    CHECK(plain.rank_size == 8);
    CHECK(plain.tp == 2);
    CHECK(plain.pp == 2);
    CHECK(plain.vpp == 1);
    CHECK(plain.order == "tp-cp-ep-dp-pp");
    const ParallelParams full = read(R"({"rank_size": 4, "tp": 1, "pp": 4, "vpp": 3, "order": "tp-pp-dp"})");
    CHECK(full.vpp == 3);
    CHECK(full.order == "tp-pp-dp");
}

TEST_CASE("parallel params: msprobe's checks, each naming the side", "[graph][parallel_merge_params]") {
    CHECK(refusal("[]") == "input.json: parallel_merge.npu is not a JSON object");
    CHECK(refusal(R"({"tp": 1, "pp": 1})") == "input.json: parallel_merge.npu: 'rank_size' is missing");
    CHECK(refusal(R"({"rank_size": true, "tp": 1, "pp": 1})") ==
          "input.json: parallel_merge.npu: 'rank_size' must be an integer");
    CHECK(refusal(R"({"rank_size": 2.0, "tp": 1, "pp": 1})") ==
          "input.json: parallel_merge.npu: 'rank_size' must be an integer");
    CHECK(refusal(R"({"rank_size": 2, "tp": 0, "pp": 1})") ==
          "input.json: parallel_merge.npu: 'tp' must be greater than 0");
    CHECK(refusal(R"({"rank_size": 2, "tp": 4, "pp": 1})") ==
          "input.json: parallel_merge.npu: 'tp' is greater than 'rank_size'");
    CHECK(refusal(R"({"rank_size": 6, "tp": 4, "pp": 1})") ==
          "input.json: parallel_merge.npu: 'rank_size' is not a multiple of 'tp'");
    CHECK(refusal(R"({"rank_size": 4, "tp": 4, "pp": 2})") ==
          "input.json: parallel_merge.npu: 'tp' * 'pp' is greater than 'rank_size'");
    CHECK(refusal(R"({"rank_size": 2, "tp": 2, "pp": 1, "vpp": 2})") ==
          "input.json: parallel_merge.npu: 'vpp' greater than 1 needs 'pp' of at least 2");
    CHECK(refusal(R"({"rank_size": 2, "tp": 2, "pp": 1, "order": "TP-PP"})") ==
          "input.json: parallel_merge.npu: 'order' must be a text of lower-case letters and '-'");
    CHECK(refusal(R"({"rank_size": 2, "tp": 2, "pp": 1, "order": 1})") ==
          "input.json: parallel_merge.npu: 'order' must be a text of lower-case letters and '-'");
}

TEST_CASE("parallel params: Megatron's default groups", "[graph][parallel_merge_params]") {
    const ParallelParams params = read(R"({"rank_size": 8, "tp": 2, "pp": 2})");
    // tp varies fastest, then dp (2), then pp.
    CHECK(default_tp_groups(params) == Groups{{0, 1}, {2, 3}, {4, 5}, {6, 7}});
    CHECK(default_pp_groups(params) == Groups{{0, 4}, {1, 5}, {2, 6}, {3, 7}});
    ParallelParams pp_first = params;
    pp_first.order = "pp-dp-tp";
    CHECK(default_tp_groups(pp_first) == Groups{{0, 4}, {1, 5}, {2, 6}, {3, 7}});
    CHECK(default_pp_groups(pp_first) == Groups{{0, 1}, {2, 3}, {4, 5}, {6, 7}});
}
