// graph_visualize's dump_data_dir: the recorded folder when it lies in the
// rank folder actually read, else the tensors beside that rank folder.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "graph/dump_data_dir.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::graph::august_dump_data_dir;

TEST_CASE("dump_data_dir: kept where it was written, else beside the rank folder read", "[graph][dump_data_dir]") {
    const fs::path scratch = msprobe::testing::scratch_dir("dump_data_dir");
    const fs::path rank = fs::canonical(scratch) / "rank0";
    fs::create_directories(rank);
    const std::string beside = (rank / "dump_tensor_data").string();

    CHECK(august_dump_data_dir(beside, rank) == beside);
    // Written elsewhere (the dump was moved since).
    CHECK(august_dump_data_dir("/old/place/rank0/dump_tensor_data", rank) == beside);
    // The comparison is textual: a trailing '/' counts as moved, and so does a name without a folder.
    CHECK(august_dump_data_dir(beside + "/", rank) == beside);
    CHECK(august_dump_data_dir("dump_tensor_data", rank) == beside);
    // Another folder inside the rank folder is kept as written.
    CHECK(august_dump_data_dir((rank / "tensors").string(), rank) == (rank / "tensors").string());

    // The rank folder as read through a link: compared by its real path.
    const fs::path link = scratch / "rank_link";
    fs::remove(link);
    fs::create_directory_symlink(rank, link);
    CHECK(august_dump_data_dir(beside, link) == beside);
    CHECK(august_dump_data_dir((link / "dump_tensor_data").string(), link) == beside);
}
