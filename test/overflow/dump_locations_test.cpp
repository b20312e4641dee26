// What overflow_check -i points at, resolved into dump.json files: steps and
// ranks in numeric order, "proc*" and a bare "rank" as rank 0.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "overflow/dump_locations.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::overflow::DumpLocation;
using msprobe::overflow::locate_dumps;

namespace {

void dump_json_in(const fs::path& dir) {
    fs::create_directories(dir);
    std::ofstream(dir / "dump.json") << "{}";
}

std::vector<std::string> described(const std::vector<DumpLocation>& found, const fs::path& root) {
    std::vector<std::string> out;
    for (const auto& f : found) out.push_back(f.step + "|" + f.rank + "|" + fs::relative(f.dump_json, root).string());
    return out;
}

std::string refusal(const fs::path& input) {
    try {
        locate_dumps(input);
    } catch (const msprobe::Error& e) {
        return e.file() + ": " + e.reason();
    }
    return "";
}

}  // namespace

TEST_CASE("a dump root lists its steps and ranks in numeric order", "[overflow][dump_locations]") {
    const fs::path root = msprobe::testing::scratch_dir("dump_locations_root");
    for (const char* dir : {"step10/rank2", "step10/rank10", "step2/rank", "step2/rank1"}) dump_json_in(root / dir);
    fs::create_directories(root / "step2" / "notes");  // neither a rank nor a step: ignored
    fs::create_directories(root / "stepX");
    CHECK(described(locate_dumps(root), root) ==
          std::vector<std::string>{"step2|rank_0|step2/rank/dump.json", "step2|rank_1|step2/rank1/dump.json",
                                   "step10|rank_2|step10/rank2/dump.json", "step10|rank_10|step10/rank10/dump.json"});
    // A step directory: its ranks, without a step name.
    CHECK(described(locate_dumps(root / "step10"), root) ==
          std::vector<std::string>{"|rank_2|step10/rank2/dump.json", "|rank_10|step10/rank10/dump.json"});
}

TEST_CASE("a rank directory or a dump.json is taken as it is", "[overflow][dump_locations]") {
    const fs::path root = msprobe::testing::scratch_dir("dump_locations_rank");
    dump_json_in(root / "rank7");
    dump_json_in(root / "proc3");
    dump_json_in(root / "mine");
    CHECK(described(locate_dumps(root / "rank7"), root) == std::vector<std::string>{"|rank_7|rank7/dump.json"});
    CHECK(described(locate_dumps(root / "proc3"), root) == std::vector<std::string>{"|rank_0|proc3/dump.json"});
    CHECK(described(locate_dumps(root / "mine"), root) == std::vector<std::string>{"||mine/dump.json"});
    CHECK(described(locate_dumps(root / "rank7" / "dump.json"), root) == std::vector<std::string>{"||rank7/dump.json"});
}

TEST_CASE("inputs without a dump.json where one belongs are refused naming the path", "[overflow][dump_locations]") {
    const fs::path root = msprobe::testing::scratch_dir("dump_locations_bad");
    CHECK(refusal(root / "absent") == (root / "absent").string() + ": no such file or directory");
    std::ofstream(root / "npu.pkl") << "[]";
    CHECK(refusal(root / "npu.pkl") ==
          (root / "npu.pkl").string() + ": not a dump.json (ptdbg .pkl and other inputs are not supported yet)");
    fs::create_directories(root / "empty");
    CHECK(refusal(root / "empty") ==
          (root / "empty").string() +
              ": no dump.json found (expected a dump.json, a rank, step or dump root directory)");
    fs::create_directories(root / "step0" / "rank0");
    CHECK(refusal(root / "step0") == (root / "step0" / "rank0").string() + ": no dump.json in this rank directory");
}
