// How msprobe finds the GE dumps of a torchair run (torchair_acc_cmp.py:
// judge_single_or_multi_device, gather_data_with_token_id,
// init_ge_dump_data_from_bin_path): tokens, groups, op names, skipped files.
#include "torchair_compare/ge_dump_index.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;
using msprobe::testing::ge_token_dir;

namespace {

void touch(const fs::path& file, std::size_t bytes = 1) { std::ofstream(file) << std::string(bytes, 'x'); }

std::vector<std::int64_t> token_ids(const GeDumpGroup& group) {
    std::vector<std::int64_t> ids;
    for (const auto& [id, dumps] : group.tokens) ids.push_back(id);
    return ids;
}

}  // namespace

TEST_CASE("ge dump index: op names are the fields between the type and the last three",
          "[torchair_compare][ge_dump_index]") {
    // msprobe's docstring example: 1/Add.Add_2.44.6.1706596912161941 is op Add_2.
    CHECK(dump_op_name("1/Add.Add_2.44.6.1706596912161941") == "Add_2");
    CHECK(dump_op_name("ConcatV2D.ConcatV2.42.6.1706596912161117") == "ConcatV2");
    CHECK(dump_op_name("T.a.b.1.2.3") == "a.b");
    CHECK(dump_op_name("Add.Add_2.44.6") == std::nullopt);
    CHECK(dump_op_name("dynamo_original_graph_1.x.y.z.txt") == std::nullopt);
    CHECK(dump_op_name("A.b.1.2.3.npy") == std::nullopt);
    CHECK(dump_op_name("A.b.1.2.3.bin") == std::nullopt);
    CHECK(dump_op_name("A.b.1.2.3_min_max.npz") == "b.1");
}

TEST_CASE("ge dump index: one device, tokens grouped by their model id", "[torchair_compare][ge_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_ge_single");
    touch(ge_token_dir(root, 0, 2, 0, "graph_2") / "Mul.Mul_1.3.6.1700000000000003");
    touch(ge_token_dir(root, 0, 1, 1) / "Add.Add_1.2.6.1700000000000002");
    touch(ge_token_dir(root, 0, 1, 0) / "Add.Add_1.1.6.1700000000000001");
    touch(ge_token_dir(root, 0, 1, 0) / "Cast.Cast_9.1.6.1700000000000009");
    touch(ge_token_dir(root, 0, 1, 0) / "mapping.csv");  // fewer than five fields: skipped
    touch(root / "dynamo_original_graph_1_rank_0_pid_1_ts_1.txt");
    CHECK_FALSE(holds_several_devices(root));
    const auto groups = index_ge_dumps(root);
    REQUIRE(groups.size() == 2);  // model ids 1 and 2
    CHECK(token_ids(groups[0]) == std::vector<std::int64_t>{0, 1});
    const TokenDumps* token0 = groups[0].find(0);
    REQUIRE(token0 != nullptr);
    REQUIRE(token0->ops().size() == 2);
    CHECK(token0->ops()[0].first == "Add_1");
    CHECK(token0->ops()[1].first == "Cast_9");
    CHECK(token0->find("Cast_9")->filename() == "Cast.Cast_9.1.6.1700000000000009");
    CHECK(token_ids(groups[1]) == std::vector<std::int64_t>{0});
    CHECK(groups[1].find(0)->contains("Mul_1"));
}

TEST_CASE("ge dump index: several devices, tokens grouped by device", "[torchair_compare][ge_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_ge_multi");
    touch(ge_token_dir(root, 0, 1, 0) / "Add.Add_1.1.6.1700000000000001");
    touch(ge_token_dir(root, 0, 2, 0, "graph_2") / "Mul.Mul_1.1.6.1700000000000002");
    touch(ge_token_dir(root, 1, 1, 0) / "Add.Add_1.1.6.1700000000000003");
    CHECK(holds_several_devices(root));
    const auto groups = index_ge_dumps(root);
    REQUIRE(groups.size() == 2);  // devices 0 and 1
    // Device 0's two models share token 0.
    const TokenDumps* device0 = groups[0].find(0);
    REQUIRE(device0 != nullptr);
    CHECK(device0->contains("Add_1"));
    CHECK(device0->contains("Mul_1"));
    CHECK(groups[1].find(0)->find("Add_1")->filename() == "Add.Add_1.1.6.1700000000000003");
}

TEST_CASE("ge dump index: a second file of an op keeps the larger one", "[torchair_compare][ge_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_ge_duplicate");
    const fs::path token = ge_token_dir(root, 0, 1, 0);
    touch(token / "Add.Add_1.1.6.1700000000000001", 10);
    touch(token / "Add.Add_1.2.6.1700000000000002", 20);
    touch(token / "Mul.Mul_1.1.6.1700000000000001", 5);
    touch(token / "Mul.Mul_1.2.6.1700000000000002", 5);
    const auto groups = index_ge_dumps(root);
    CHECK(groups[0].find(0)->find("Add_1")->filename() == "Add.Add_1.2.6.1700000000000002");
    CHECK(groups[0].find(0)->find("Mul_1")->filename() == "Mul.Mul_1.1.6.1700000000000001");  // a tie: the first
}

TEST_CASE("ge dump index: a folder of dump files is itself the token", "[torchair_compare][ge_dump_index]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_ge_flat") / "7";
    fs::create_directories(root);
    touch(root / "Add.Add_1.1.6.1700000000000001");
    const auto groups = index_ge_dumps(root);
    REQUIRE(groups.size() == 1);
    CHECK(token_ids(groups[0]) == std::vector<std::int64_t>{7});
    CHECK(holds_several_devices(root) == false);
}
