// The dump_data_dir a graph shows: as recorded, or relocated beside the rank folder read.
#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>
#include <string>

#include "graph/dump_data_dir.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::graph::DumpDataDirRule;
using msprobe::graph::relocated_dump_data_dir;
using msprobe::graph::shown_dump_data_dir;

TEST_CASE("dump_data_dir: as recorded, the value is kept whatever folder the dump sits in", "[graph][data_dir]") {
    const fs::path rank = msprobe::testing::scratch_dir("dump_data_dir_recorded");
    const std::optional<std::string> moved = "/train/old/rank0/dump_tensor_data";
    CHECK(shown_dump_data_dir(DumpDataDirRule::AsRecorded, moved, rank) == moved);
    CHECK(shown_dump_data_dir(DumpDataDirRule::AsRecorded, std::nullopt, rank) == std::nullopt);
}

TEST_CASE("dump_data_dir: relocated, a moved dump points at the tensors beside its rank folder", "[graph][data_dir]") {
    const fs::path rank = msprobe::testing::scratch_dir("dump_data_dir_relocated");
    const std::string real = fs::canonical(rank).string();
    // Written here: kept as written, whatever its last folder is called.
    CHECK(relocated_dump_data_dir(real + "/dump_tensor_data", rank) == real + "/dump_tensor_data");
    CHECK(relocated_dump_data_dir(real + "/tensors", rank) == real + "/tensors");
    // Written elsewhere, or spelt with a trailing '/' (os.path.dirname keeps the last folder then): relocated.
    CHECK(relocated_dump_data_dir("/train/old/rank0/dump_tensor_data", rank) == real + "/dump_tensor_data");
    CHECK(relocated_dump_data_dir(real + "/dump_tensor_data/", rank) == real + "/dump_tensor_data");
    CHECK(relocated_dump_data_dir("dump_tensor_data", rank) == real + "/dump_tensor_data");
    // null and "" stay as they are.
    CHECK(shown_dump_data_dir(DumpDataDirRule::Relocated, std::nullopt, rank) == std::nullopt);
    CHECK(shown_dump_data_dir(DumpDataDirRule::Relocated, std::string(), rank) == std::string());
    CHECK(shown_dump_data_dir(DumpDataDirRule::Relocated, std::string("/train/old/dump_tensor_data"), rank) ==
          real + "/dump_tensor_data");
}

TEST_CASE("dump_data_dir: the rank folder's real path is compared, not its spelling", "[graph][data_dir]") {
    const fs::path dir = msprobe::testing::scratch_dir("dump_data_dir_link");
    fs::create_directories(dir / "real" / "rank0");
    fs::create_directory_symlink(dir / "real" / "rank0", dir / "rank0");
    const std::string real = fs::canonical(dir / "real" / "rank0").string();
    CHECK(relocated_dump_data_dir(real + "/dump_tensor_data", dir / "rank0") == real + "/dump_tensor_data");
    const std::string through_link = (dir / "rank0" / "dump_tensor_data").string();
    CHECK(relocated_dump_data_dir(through_link, dir / "rank0") == real + "/dump_tensor_data");
}
