// vc's batch compare of .npy trees (spec parse.md §2.5.1): the example rows,
// the CSV dialect, and the structure checks.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "parse/interactive_shell.hpp"
#include "parse/npy_tree_compare.hpp"
#include "support/file_text.hpp"
#include "support/offline_model_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

using namespace msprobe;
using msprobe::testing::scratch_dir;
namespace fs = std::filesystem;

TEST_CASE("spec 2.5.1: the example rows", "[parse][vc]") {
    const auto dir = scratch_dir("parse_vc_rows");
    testing::write_npy_i64(dir / "file1.npy", {5}, {1, 2, 3, 4, 5});
    testing::write_npy_i64(dir / "file2.npy", {5}, {2, 3, 4, 5, 6});
    CHECK(parse::npy_pair_row(dir / "file1.npy", dir / "file2.npy") ==
          std::vector<std::string>{"file1.npy", "file2.npy", "3.0", "4.0", "False", "1", "0.5"});
    testing::write_npy_f32(dir / "f32a.npy", {4}, {1, 2, 0, 4});
    testing::write_npy_f32(dir / "f32b.npy", {4}, {1, 2.5f, 0, 3});
    CHECK(parse::npy_pair_row(dir / "f32a.npy", dir / "f32b.npy") ==
          std::vector<std::string>{"f32a.npy", "f32b.npy", "1.75", "1.625", "False", "1.0", "0.33333334"});
    CHECK(parse::npy_pair_row(dir / "f32a.npy", dir / "f32a.npy") ==
          std::vector<std::string>{"f32a.npy", "f32a.npy", "1.75", "1.75", "True", "0.0", "0.0"});
    try {
        parse::npy_pair_row(dir / "file1.npy", dir / "f32a.npy");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).rfind("Shape or dtype between two npy files is inconsistent.", 0) == 0);
    }
}

TEST_CASE("vc on two cad-style trees writes one CSV in msprobe's dialect", "[parse][vc]") {
    const auto dir = scratch_dir("parse_vc_tree");
    for (const char* sub : {"mine/Add_1/1636595794631347", "golden/Add_1/1636595794631347", "k1", "k2"}) {
        fs::create_directories(dir / sub);
    }
    for (const char* side : {"mine", "golden"}) {
        testing::write_npy_i64(dir / side / "Add_1" / "1636595794631347" / "a.output.0.npy", {5},
                               {1, 2, 3, 4, std::string(side) == "mine" ? 5 : 6});
        testing::write_npy_f32(dir / side / "Add_1" / "1636595794631347" / "b.output.0.npy", {2}, {1, 2});
    }
    testing::write_npy_f32(dir / "golden" / "Add_1" / "1636595794631347" / "c.extra.npy", {1}, {1});
    std::ostringstream out;
    ThreadPool pool(1);
    parse::run_shell_command("vc -m " + (dir / "mine").string() + " -g " + (dir / "golden").string() + " -out " +
                                 (dir / "out").string(),
                             out, pool);
    CHECK(out.str().empty());
    std::vector<fs::path> csvs;
    for (const auto& e : fs::directory_iterator(dir / "out")) csvs.push_back(e.path());
    REQUIRE(csvs.size() == 1);
    CHECK(csvs[0].filename().string().rfind("batch_compare_", 0) == 0);
    CHECK(
        testing::read_file_text(csvs[0]) ==
        "\xEF\xBB\xBFNPU File Name,Bench File Name,Mean,Bench Mean,Md5 Consistency,Max Abs Error,Max Relative Error\r\n"
        "a.output.0.npy,a.output.0.npy,3.0,3.2,False,1,0.16666666666666666\r\n"
        "b.output.0.npy,b.output.0.npy,1.5,1.5,True,0.0,0.0\r\n");

    // Structure mismatch: an op folder only one side has. Nothing is written.
    fs::create_directories(dir / "golden" / "Mul_2" / "1");
    testing::write_npy_f32(dir / "golden" / "Mul_2" / "1" / "x.npy", {1}, {1});
    std::ostringstream bad;
    parse::run_shell_command("vc -m " + (dir / "mine").string() + " -g " + (dir / "golden").string() + " -out " +
                                 (dir / "out2").string(),
                             bad, pool);
    CHECK(bad.str().find("Top level(Opname level) directory structure is inconsistent.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out2"));

    // Kernel dump folders get msaccucmp's vector comparison; a folder without a dump name is refused.
    testing::write_npy_f32(dir / "k1" / "x.npy", {1}, {1});
    std::ostringstream kernel;
    std::ofstream(dir / "k2" / "Add.op.1.2.1636595794731103", std::ios::binary) << "x";
    parse::run_shell_command("vc -m " + (dir / "k1").string() + " -g " + (dir / "k2").string(), kernel, pool);
    CHECK(kernel.str().find("No valid dump files in the path.") != std::string::npos);
    CHECK(kernel.str().find("Command execution failed") != std::string::npos);

    const auto model = testing::write_offline_model(dir / "model", {});
    std::ostringstream npu;
    parse::run_shell_command("vc -m " + model.npu.string() + " -g " + model.npu.string() + " -out " +
                                 (dir / "kernel_out").string(),
                             npu, pool);
    CHECK(npu.str().find("error") == std::string::npos);
    std::vector<fs::path> results;
    for (const auto& e : fs::directory_iterator(dir / "kernel_out")) results.push_back(e.path());
    REQUIRE(results.size() == 1);
    CHECK(results[0].filename().string().rfind("result_", 0) == 0);
    const std::string text = testing::read_file_text(results[0]);
    CHECK(text.rfind("Index,OpType,NPUDump,DataType,Address,GroundTruth,DataType,Address,TensorIndex,Shape,", 0) == 0);
    // The same dumps on both sides: every tensor agrees (alg_CosineSimilarity: 1, alg_MaxAbsoluteError: 0).
    CHECK(text.find("block0_matmul:output:0,\"[2,3,16,16]\",1.000000,0.000000,") != std::string::npos);
}

TEST_CASE("an npy tree holds files, all .npy, within depth 5", "[parse][vc]") {
    const auto dir = scratch_dir("parse_vc_is_npy_tree");
    fs::create_directories(dir / "npy" / "Add_1" / "1");
    testing::write_npy_f32(dir / "npy" / "Add_1" / "1" / "a.npy", {1}, {1});
    CHECK(parse::is_npy_tree(dir / "npy"));

    fs::create_directories(dir / "mixed" / "Add_1");
    testing::write_npy_f32(dir / "mixed" / "a.npy", {1}, {1});
    std::ofstream(dir / "mixed" / "Add_1" / "Add.op.1.2.3", std::ios::binary) << "x";
    CHECK_FALSE(parse::is_npy_tree(dir / "mixed"));

    // A file below depth 5 is not seen; neither is an empty folder's absence of files.
    const auto deep = dir / "deep" / "1" / "2" / "3" / "4" / "5" / "6";
    fs::create_directories(deep);
    std::ofstream(deep / "kernel.bin", std::ios::binary) << "x";
    CHECK_THROWS_WITH(parse::is_npy_tree(dir / "deep"), Catch::Contains("No files found in path."));
    testing::write_npy_f32(dir / "deep" / "1" / "2" / "3" / "4" / "5" / "b.npy", {1}, {1});
    CHECK(parse::is_npy_tree(dir / "deep"));
}
