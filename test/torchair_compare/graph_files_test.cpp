// Where the GE graphs of a torchair dump are found and in what order
// (torchair_acc_cmp.py:get_torchair_ge_graph_path).
#include "torchair_compare/graph_files.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;

namespace {

fs::path touch(const fs::path& file) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << "op {\n}\n";
    return file;
}

}  // namespace

TEST_CASE("graph files: ordered by the first number in the name", "[torchair_compare][graph_files]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_graph_order");
    const auto g10 = touch(root / "dynamo_original_graph_10_rank_0_pid_1_ts_5.txt");
    const auto g2 = touch(root / "sub" / "dynamo_original_graph_2_rank_0_pid_1_ts_9.txt");
    const auto g2b = touch(root / "dynamo_original_graph_02_rank_1_pid_1_ts_1.txt");  // 02 == 2: name order
    touch(root / "dynamo_optimized_graph_1_rank_0_pid_1_ts_1.txt");
    touch(root / "dynamo_original_graph_x.txt");  // no number: not a graph
    touch(root / "dynamo_original_graph_3_rank_0.pbtxt");
    CHECK(ge_graph_files(root) == std::vector<fs::path>{g2b, g2, g10});
}

TEST_CASE("graph files: a rank keeps names holding rank_<r>_", "[torchair_compare][graph_files]") {
    // msprobe's own case (test_get_torchair_ge_graph_path_when_rank_filtered_then_pass).
    const fs::path root = msprobe::testing::scratch_dir("torchair_graph_rank");
    const auto match = touch(root / "sub" / "dynamo_original_graph_20250101120000_rank_0_x.txt");
    touch(root / "sub" / "dynamo_original_graph_20240101120000_rank_1_x.txt");
    touch(root / "sub" / "dynamo_original_graph_20240101120000_rank_10_x.txt");
    CHECK(ge_graph_files(root, 0) == std::vector<fs::path>{match});
    CHECK(ge_graph_files(root, 1).size() == 1);
    CHECK(ge_graph_files(root).size() == 3);
}

TEST_CASE("graph files: five folders deep at most, and a file is no folder", "[torchair_compare][graph_files]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_graph_depth");
    const auto deep = touch(root / "1" / "2" / "3" / "4" / "5" / "dynamo_original_graph_1_rank_0_.txt");
    touch(root / "1" / "2" / "3" / "4" / "5" / "6" / "dynamo_original_graph_2_rank_0_.txt");
    CHECK(ge_graph_files(root) == std::vector<fs::path>{deep});
    CHECK(ge_graph_files(deep).empty());
    CHECK(is_graph_file_name("dynamo_original_graph_1_rank_3_pid_2.txt", 3));
    CHECK_FALSE(is_graph_file_name("dynamo_original_graph_1_rank_3_pid_2.txt", 2));
}
