#include "data2db/dump_tree.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "support/shared_fixtures.hpp"

using namespace msprobe::data2db;
namespace fs = std::filesystem;

namespace {
void dump_folder(const fs::path& dir) {
    fs::create_directories(dir);
    std::ofstream(dir / "dump.json") << "{\"data\": {}}";
}
}  // namespace

TEST_CASE("steps and ranks are read as Python's int() reads them, procs ranked after the ranks",
          "[data2db][dump_tree]") {
    const auto root = msprobe::testing::scratch_dir("dump_tree");
    dump_folder(root / "step1" / "rank3");
    dump_folder(root / "step1" / "rank0");
    dump_folder(root / "step1" / "proc7");
    dump_folder(root / "step1" / "proc2");
    dump_folder(root / "step1_0" / "rank 1");  // int("1_0") == 10, int(" 1") == 1
    fs::create_directories(root / "step1" / "rankx");
    fs::create_directories(root / "step1" / "rank9");  // no dump.json: passed over
    fs::create_directories(root / "step2" / "rank");   // no number: no rank folder in step 2
    fs::create_directories(root / "stepz");
    std::ofstream(root / "step3") << "a file";

    const DumpTree tree = find_dump_tree(root);
    CHECK(tree.step_found);
    REQUIRE(tree.steps.size() == 2);
    CHECK(tree.steps[0].step == 1);
    const auto& ranks = tree.steps[0].ranks;
    REQUIRE(ranks.size() == 4);
    CHECK(ranks[0].rank == 0);
    CHECK(ranks[1].rank == 3);
    CHECK(ranks[2].rank == 4);  // proc2
    CHECK(ranks[2].dump_json == root / "step1" / "proc2" / "dump.json");
    CHECK(ranks[3].rank == 5);  // proc7
    CHECK(ranks[3].construct_json == root / "step1" / "proc7" / "construct.json");
    CHECK(tree.steps[1].step == 10);
    REQUIRE(tree.steps[1].ranks.size() == 1);
    CHECK(tree.steps[1].ranks[0].rank == 1);
}

TEST_CASE("procs alone are ranked from 0, and a folder without steps has none", "[data2db][dump_tree]") {
    const auto root = msprobe::testing::scratch_dir("dump_tree_procs");
    dump_folder(root / "step0" / "proc1");
    dump_folder(root / "step0" / "proc0");
    const DumpTree tree = find_dump_tree(root);
    REQUIRE(tree.steps.size() == 1);
    CHECK(tree.steps[0].ranks[0].rank == 0);
    CHECK(tree.steps[0].ranks[0].dump_json == root / "step0" / "proc0" / "dump.json");
    CHECK(tree.steps[0].ranks[1].rank == 1);

    const auto empty = msprobe::testing::scratch_dir("dump_tree_empty");
    fs::create_directories(empty / "rank0");
    const DumpTree none = find_dump_tree(empty);
    CHECK_FALSE(none.step_found);
    CHECK(none.steps.empty());
}
