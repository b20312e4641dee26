// How msprobe finds the FX dumps of a torchair run (torchair_acc_cmp.py:
// gather_data_with_token_id_fx, init_fx_dump_data_from_path).
#include "torchair_compare/fx_dump_index.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;
using msprobe::testing::write_fx_tensor;

namespace {

std::vector<std::int64_t> token_ids(const FxDumpGroup& group) {
    std::vector<std::int64_t> ids;
    for (const auto& [id, ops] : group.tokens) ids.push_back(id);
    return ids;
}

}  // namespace

TEST_CASE("fx dump index: token folders count from 1, each dump folder a group", "[torchair_compare][fx_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_fx_tokens") / "data_dump";
    for (const char* token : {"1", "2", "10"}) {
        write_fx_tensor(root / token / "gm_1_dump", "mm-aten.mm.default", true, 0, {1});
        write_fx_tensor(root / token / "gm_1_dump", "mm-aten.mm.default", true, 1, {2});
        write_fx_tensor(root / token / "gm_1_dump", "mm-aten.mm.default", false, 0, {3});
        write_fx_tensor(root / token / "gm_2_dump", "add-aten.add.Tensor", false, 0, {4});
    }
    const auto groups = index_fx_dumps(root, false);
    REQUIRE(groups.size() == 2);
    CHECK(token_ids(groups[0]) == std::vector<std::int64_t>{0, 1, 9});  // numeric order, one less
    const auto* token0 = groups[0].find(0);
    REQUIRE(token0 != nullptr);
    const FxOpFiles& mm = token0->at("mm-aten.mm.default");
    REQUIRE(mm.inputs.size() == 2);
    CHECK(mm.inputs[0].filename() == "mm-aten.mm.default.INPUT.0.20250101120000123456.npy");
    CHECK(mm.outputs.size() == 1);
    CHECK(groups[1].find(9)->count("add-aten.add.Tensor") == 1);
}

TEST_CASE("fx dump index: differing dump folder counts pair up to the smallest", "[torchair_compare][fx_dump_index]") {
    // msprobe's own case (test_gather_data_with_token_id_fx_when_inconsistent_dump_counts_then_use_min).
    const fs::path root = msprobe::testing::scratch_dir("torchair_fx_counts");
    write_fx_tensor(root / "1" / "dump0", "a", false, 0, {1});
    write_fx_tensor(root / "1" / "dump1", "b", false, 0, {1});
    write_fx_tensor(root / "2" / "dump0", "a", false, 0, {1});
    const auto groups = index_fx_dumps(root, false);
    REQUIRE(groups.size() == 1);
    CHECK(token_ids(groups[0]) == std::vector<std::int64_t>{0, 1});
}

TEST_CASE("fx dump index: in a rank folder the token folders hold the files, ids as named",
          "[torchair_compare][fx_dump_index]") {
    const fs::path rank = msprobe::testing::scratch_dir("torchair_fx_rank") / "worldsize2_global_rank0";
    write_fx_tensor(rank / "graph_1" / "0", "a", false, 0, {1});
    write_fx_tensor(rank / "graph_1" / "1", "a", false, 0, {1});
    fs::create_directories(rank / "graph_1" / "2");  // empty: left out
    write_fx_tensor(rank / "graph_2" / "0", "b", false, 0, {1});
    const auto groups = index_fx_dumps(rank, true);
    REQUIRE(groups.size() == 2);
    CHECK(token_ids(groups[0]) == std::vector<std::int64_t>{0, 1});
    CHECK(groups[1].find(0)->count("b") == 1);
}

TEST_CASE("fx dump index: a name with neither INPUT nor OUTPUT is an output of itself",
          "[torchair_compare][fx_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_fx_odd");
    fs::create_directories(root / "1" / "d");
    std::ofstream(root / "1" / "d" / "odd.npy") << "x";
    const auto groups = index_fx_dumps(root, false);
    CHECK(groups[0].find(0)->at("odd.npy").outputs.size() == 1);
}

TEST_CASE("fx dump index: no .npy file at all is an error naming the folder", "[torchair_compare][fx_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_fx_empty");
    fs::create_directories(root / "1" / "dump0");
    CHECK_THROWS_WITH(index_fx_dumps(root, false),
                      root.string() + ": Cannot get fx dump data, because the gathered_files_list is empty.");
}
