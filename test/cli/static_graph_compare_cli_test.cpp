// The MindSpore static-graph compare.json forms through the binary: the
// §13.2 example with the paths as the user wrote them (relative, so the
// Data_name text is exactly the spec's), a kernel compare (.npy and .bin), and bad input.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>

#include "msprobe_process.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/kernel_bin_dump_pair.hpp"
#include "support/kernel_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

TEST_CASE("static-graph compare via the binary: single-point example bytes", "[cli][static_graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_single_point");
    fs::create_directories(dir / "npu/step0/rank0");
    fs::create_directories(dir / "bench/step0/rank0");
    msprobe::testing::write_npy_f32(dir / "npu/step0/rank0/x_float32_0.npy", {3}, {1, 2, 3});
    msprobe::testing::write_npy_f32(dir / "bench/step0/rank0/x_float32_0.npy", {3}, {1, 2, 3.5f});
    msprobe::testing::write_text(dir / "compare.json", R"({"npu_path": "npu", "bench_path": "bench", "common": true})");
    const auto result = run_msprobe({"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out"}, dir);
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(msprobe::testing::read_file_text(dir / "out/step0/rank0/result.csv") ==
          "Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,Cosine,EucDist,MaxAbsErr,MaxRelativeErr,"
          "One Thousandth Err Ratio,Five Thousandths Err Ratio,NPU max,NPU min,NPU mean,NPU l2norm,Bench max,"
          "Bench min,Bench mean,Bench l2norm,Accuracy Reached or Not,Err_message,Data_name\n"
          "x_0,float32,float32,\"(3,)\",\"(3,)\",0.997408650736,0.5,0.5,0.142857149243,0.666666666667,0.666666666667,"
          "3.0,1.0,2.0,3.7416575,3.5,1.0,2.1666667,4.1533117,Yes,,"
          "\"['npu/step0/rank0/x_float32_0.npy', 'bench/step0/rank0/x_float32_0.npy']\"\n");
    CHECK((fs::status(dir / "out/step0/rank0").permissions() & fs::perms::all) ==
          (fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec));
}

TEST_CASE("static-graph compare via the binary: kernel compare writes one book per rank and step",
          "[cli][static_graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_kernel_compare");
    const msprobe::testing::KernelTensorName name;
    for (const char* side : {"npu", "bench"}) {
        msprobe::testing::write_npy_f32(msprobe::testing::kbk_step_dir(dir / side, 2, 5) / name.file_name(), {2},
                                        {1, 2});
    }
    msprobe::testing::write_text(dir / "compare.json",
                                 R"({"npu_path": "npu", "bench_path": "bench", "rank_id": [], "step_id": []})");
    const auto result = run_msprobe({"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out"}, dir);
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    std::vector<std::string> books;
    for (const auto& e : fs::directory_iterator(dir / "out")) books.push_back(e.path().filename().string());
    REQUIRE(books.size() == 1);
    CHECK(books[0].rfind("compare_result_2_5_", 0) == 0);
}

TEST_CASE("static-graph compare via the binary: bad input exits 2 naming the file", "[cli][static_graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_kernel_bad");
    msprobe::testing::write_text(dir / "compare.json",
                                 R"({"npu_path": "npu", "bench_path": "bench", "rank_id": [true], "step_id": []})");
    fs::create_directories(dir / "npu");
    fs::create_directories(dir / "bench");
    const auto result = run_msprobe({"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out"}, dir);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find("compare.json") != std::string::npos);
    CHECK((!fs::exists(dir / "out") || fs::is_empty(dir / "out")));
}

namespace {

// The rows of the one workbook in `dir`.
std::vector<std::vector<msprobe::report::Cell>> only_book_rows(const fs::path& dir) {
    std::vector<fs::path> books;
    for (const auto& e : fs::directory_iterator(dir)) books.push_back(e.path());
    REQUIRE(books.size() == 1);
    auto rows = msprobe::report::read_first_xlsx_sheet(books[0].string()).rows;
    for (auto& row : rows) row.resize(rows.at(0).size());
    return rows;
}

}  // namespace

TEST_CASE("static-graph compare via the binary: .bin kernel dumps give the .npy twins' workbook",
          "[cli][static_graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_kernel_bin");
    const auto pair = msprobe::testing::write_kernel_bin_pair({dir / "dumps"});
    for (const char* mode : {"bin", "npy"}) {
        const auto result = run_msprobe({"-f", "mindspore", "compare", "-i", fmt::format("dumps/compare_{}.json", mode),
                                         "-o", fmt::format("out_{}", mode)}, dir);
        INFO(result.err);
        REQUIRE(result.exit_code == 0);
    }
    const auto bin = only_book_rows(dir / "out_bin");
    const auto npy = only_book_rows(dir / "out_npy");
    REQUIRE(bin.size() == pair.tensors + 1);
    REQUIRE(npy.size() == bin.size());
    for (std::size_t r = 0; r < bin.size(); ++r) {
        INFO("row " << r);
        CHECK(std::vector(bin[r].begin() + 2, bin[r].end()) == std::vector(npy[r].begin() + 2, npy[r].end()));
    }
}

TEST_CASE("static-graph compare via the binary: a damaged .bin file exits 2 naming it", "[cli][static_graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_kernel_bin_damaged");
    const auto pair = msprobe::testing::write_kernel_bin_pair({dir / "dumps", 0, 0, 5, true, true});
    const auto result = run_msprobe({"-f", "mindspore", "compare", "-i", "dumps/compare_bin.json", "-o", "out"}, dir);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find(pair.damaged_file.string() + ": E_TRUNCATED") != std::string::npos);
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
    CHECK((!fs::exists(dir / "out") || fs::is_empty(dir / "out")));
}
