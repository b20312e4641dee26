// Where a data_name's .npy file is looked for.
#include <catch2/catch.hpp>

#include <fstream>

#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/tensor_locations.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::ms_api_check;
namespace fs = std::filesystem;

TEST_CASE("tensor locations: dump_data_dir as written, then beside dump.json", "[ms_api_check]") {
    const auto dir = msprobe::testing::scratch_dir("ms_tensor_locations");
    fs::create_directories(dir / "case/npu/dump_tensor_data");
    std::ofstream(dir / "case/npu/dump_tensor_data/a.npy") << "x";
    std::ofstream(dir / "case/npu/b.npy") << "x";
    // A dump_data_dir relative to another working directory (the shared fixtures' layout).
    const TensorLocations found(dir / "case/npu/dump.json", "npu/dump_tensor_data");
    CHECK(found.locate("a.npy") == dir / "case/npu/dump_tensor_data/a.npy");
    CHECK(found.locate("b.npy") == dir / "case/npu/b.npy");  // msprobe's own test: dump_data_dir ""
    CHECK_THROWS_AS(found.locate("c.npy"), CheckSkipped);
    CHECK_THROWS_WITH(found.locate("../a.npy"), Catch::Contains("is not a file name"));
    // Only msprobe's place: the folder as written, from the working directory.
    const TensorLocations written(dir / "case/npu/dump.json", (dir / "case/npu").string(), true);
    REQUIRE(written.folders().size() == 1);
    CHECK(written.locate("b.npy") == dir / "case/npu/b.npy");
    CHECK_THROWS_WITH(written.locate("a.npy"), Catch::Contains("a.npy: no such file in"));
}
