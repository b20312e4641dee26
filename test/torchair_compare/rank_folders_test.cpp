// The rank folders of torchair dumps (torchair_acc_cmp.py:
// get_rank_id_from_torchair_data, _has_rank_directory, acc_compare_once).
#include "torchair_compare/rank_folders.hpp"

#include <catch2/catch.hpp>

#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;

TEST_CASE("rank_of_folder_name: worldsize… with digits after the last 'rank'", "[torchair_compare][rank_folders]") {
    // msprobe's own cases.
    CHECK(rank_of_folder_name("worldsize8_rank3") == 3);
    CHECK(rank_of_folder_name("worldsize2_rank0") == 0);
    CHECK(rank_of_folder_name("rank3") == -1);
    CHECK(rank_of_folder_name("worldsize_rankX") == -1);
    CHECK(rank_of_folder_name("foo_worldsize8_rank") == -1);
    CHECK(rank_of_folder_name("worldsize2_global_rank12") == 12);
    CHECK(rank_of_folder_name("worldsize2_global_rank") == -1);
}

TEST_CASE("rank folders: the ranks of a dump and the folder of one", "[torchair_compare][rank_folders]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_rank_folders");
    fs::create_directories(root / "worldsize2_global_rank1");
    fs::create_directories(root / "worldsize2_global_rank0");
    fs::create_directories(root / "worldsize4_rank1");
    fs::create_directories(root / "foo");
    CHECK(rank_folder_ids(root) == std::set<std::int64_t>{0, 1});
    CHECK(rank_folder_ids(root / "foo").empty());
    // Two folders end with rank1: the last in name order.
    CHECK(rank_folder(root, 1) == root / "worldsize4_rank1");
    CHECK(rank_folder(root, 0) == root / "worldsize2_global_rank0");
    CHECK(rank_folder(root, 2) == std::nullopt);
}
