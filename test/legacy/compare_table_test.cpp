// The legacy result tables on small dumps written here: a ptdbg .pkl pair with
// its .npy folders, an online dispatch run, and ptdbg's advisor over a table.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "legacy/compare_table.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

std::string text_of(const report::Table& table, std::size_t row, const std::string& column) {
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        if (table.header[c] == column)
            return table.rows.at(row).at(c).is_text() ? std::string(table.rows[row][c].text()) : "<not text>";
    }
    FAIL("no column " << column);
    return {};
}

// npu: relu (input, output), then an NPU-only cast; bench: relu only.
legacy::PtdbgInput small_ptdbg_pair(const fs::path& dir) {
    const legacy::PtdbgInput input{dir / "npu" / "dump.pkl", dir / "bench" / "dump.pkl", dir / "npu" / "dump",
                                   dir / "bench" / "dump"};
    const std::string relu = R"(["Torch_relu_0_forward_input.0", 1, [], "torch.float32", [2], [3.0, -1.0, 1.0]])"
                             "\n"
                             R"(["Torch_relu_0_forward_output", 1, [], "torch.float32", [2], [3.0, 0.0, 1.5]])"
                             "\n";
    testing::write_file(
        input.npu_pkl,
        relu + R"(["NPU_npu_format_cast_0_forward_output", 1, [], "torch.float32", [1], [2.0, 2.0, 2.0]])" + "\n");
    testing::write_file(input.bench_pkl, relu);
    fs::create_directories(input.npu_data_dir);
    fs::create_directories(input.bench_data_dir);
    testing::write_npy_f32(input.npu_data_dir / "Torch_relu_0_forward_input.0.npy", {2}, {3, -1});
    testing::write_npy_f32(input.bench_data_dir / "Torch_relu_0_forward_input.0.npy", {2}, {3, -1});
    testing::write_npy_f32(input.npu_data_dir / "Torch_relu_0_forward_output.npy", {2}, {3, 0.5f});
    testing::write_npy_f32(input.bench_data_dir / "Torch_relu_0_forward_output.npy", {2}, {3, 0});
    testing::write_npy_f32(input.npu_data_dir / "NPU_npu_format_cast_0_forward_output.npy", {1}, {2});
    return input;
}

report::Table advice_table(const std::vector<std::pair<std::string, std::string>>& rows) {
    report::Table table;
    table.header = {"NPU Name", "Cosine", "Accuracy Reached or Not"};
    for (const auto& [name, accuracy] : rows) table.rows.push_back({name, "1.0", accuracy});
    return table;
}

}  // namespace

TEST_CASE("ptdbg_table: matched calls measured from their .npy files, an NPU-only call left Nan", "[legacy][table]") {
    const fs::path dir = testing::scratch_dir("legacy_table_ptdbg");
    ThreadPool pool(2);
    const report::Table table = legacy::ptdbg_table(small_ptdbg_pair(dir), pool);
    CHECK(table.header == std::vector<std::string>{"NPU Name", "Bench Name", "NPU Tensor Dtype", "Bench Tensor Dtype",
                                                   "NPU Tensor Shape", "Bench Tensor Shape", "Cosine", "MaxAbsErr",
                                                   "NPU max", "NPU min", "NPU mean", "Bench max", "Bench min",
                                                   "Bench mean", "Accuracy Reached or Not", "Err_message"});
    REQUIRE(table.rows.size() == 3);
    CHECK(text_of(table, 0, "Cosine") == "1.0");
    CHECK(text_of(table, 0, "MaxAbsErr") == "0.000000");
    CHECK(text_of(table, 0, "Accuracy Reached or Not") == "Yes");
    CHECK(text_of(table, 0, "NPU min") == "-1.0");
    CHECK(text_of(table, 1, "NPU Name") == "Torch_relu_0_forward_output");
    CHECK(text_of(table, 1, "Bench Name") == "Torch_relu_0_forward_output");
    CHECK(text_of(table, 1, "Cosine") == "0.986394");
    CHECK(text_of(table, 1, "MaxAbsErr") == "0.500000");
    CHECK(text_of(table, 1, "Accuracy Reached or Not") == "No");
    CHECK(text_of(table, 1, "NPU mean") == "1.5");
    CHECK(text_of(table, 2, "NPU Name") == "NPU_npu_format_cast_0_forward_output");
    CHECK(text_of(table, 2, "Bench Name") == "Nan");
    CHECK(text_of(table, 2, "Cosine") == "Nan");
    CHECK(text_of(table, 2, "Accuracy Reached or Not") == "Nan");
    CHECK(text_of(table, 2, "Err_message") == "No bench data matched.");
}

TEST_CASE("ptdbg_table refuses a stack mode that disagrees with the file names, and a missing npy folder",
          "[legacy][table]") {
    const fs::path dir = testing::scratch_dir("legacy_table_refusals");
    legacy::PtdbgInput input = small_ptdbg_pair(dir);
    ThreadPool pool(1);
    input.stack_mode = true;
    CHECK_THROWS_WITH(legacy::ptdbg_table(input, pool),
                      Catch::Contains("does not contain stack information, please turn off the stack_mode (-s)"));
    input.stack_mode = false;
    const fs::path stack_pkl = dir / "bench" / "api_stack_dump.pkl";
    fs::copy_file(input.bench_pkl, stack_pkl);
    legacy::PtdbgInput mixed = input;
    mixed.bench_pkl = stack_pkl;
    CHECK_THROWS_WITH(legacy::ptdbg_table(mixed, pool), Catch::Contains("The dump mode of the two files is not same"));
    input.bench_data_dir = dir / "nowhere";
    try {
        legacy::ptdbg_table(input, pool);
        FAIL("a missing npy folder must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "nowhere").string());
        CHECK(e.reason() == "no such npy data directory");
    }
}

TEST_CASE("dispatch_table: statistics of both sides and the dispatch metrics per output pair", "[legacy][table]") {
    const fs::path dir = testing::scratch_dir("legacy_table_dispatch");
    legacy::DispatchRun run{dir / "npu", dir / "cpu", 0, {}};
    fs::create_directories(run.npu_dir);
    fs::create_directories(run.cpu_dir);
    for (const char* name : {"add_1_output", "mul_2_output"}) {
        run.pairs.push_back(
            {name, run.npu_dir / (std::string(name) + ".npy"), run.cpu_dir / (std::string(name) + ".npy")});
    }
    testing::write_npy_f32(run.pairs[0].npu_file, {3}, {1, 2, 3});
    testing::write_npy_f32(run.pairs[0].cpu_file, {3}, {1, 2, 3});
    testing::write_npy_f32(run.pairs[1].npu_file, {2}, {2, 4});
    testing::write_npy_f32(run.pairs[1].cpu_file, {2}, {1, 4});
    ThreadPool pool(2);
    const report::Table table = legacy::dispatch_table(run, pool);
    REQUIRE(table.rows.size() == 2);
    CHECK(text_of(table, 0, "NPU Tensor Dtype") == "torch.float32");
    CHECK(text_of(table, 0, "NPU Tensor Shape") == "[3]");
    CHECK(text_of(table, 0, "NPU max") == "3.0");
    CHECK(text_of(table, 0, "Bench min") == "1.0");
    CHECK(text_of(table, 0, "NPU mean") == "2.0");
    CHECK(text_of(table, 0, "Cosine") == "1.0");
    CHECK(text_of(table, 0, "MaxRelativeErr") == "0.000000");
    CHECK(text_of(table, 0, "Accuracy Reached or Not") == "Yes");
    CHECK(text_of(table, 1, "NPU Name") == "mul_2_output");
    CHECK(text_of(table, 1, "Cosine") == "0.976187");
    CHECK(text_of(table, 1, "MaxAbsErr") == "1.000000");
    CHECK(text_of(table, 1, "MaxRelativeErr") == "1.000000");
    CHECK(text_of(table, 1, "Accuracy Reached or Not") == "No");
    CHECK(text_of(table, 1, "Bench mean") == "2.5");
}

TEST_CASE("legacy_advise: the first No row outside batch_norm, by CSV line", "[legacy][advisor]") {
    const compare::Advice advice = legacy::legacy_advise(advice_table({{"Functional_relu_0_forward_output", "Yes"},
                                                                       {"Functional_batch_norm_0_forward_output", "No"},
                                                                       {"Torch_matmul_0_backward_input.0", "No"},
                                                                       {"Torch_add_0_forward_output", "No"}}));
    CHECK(advice.line == "4");
    CHECK(advice.suspect_nodes == "Torch_matmul_0_backward_input.0");
    CHECK_FALSE(advice.expert_advice.empty());

    const compare::Advice none = legacy::legacy_advise(advice_table({{"Functional_batch_norm_0_forward_output", "No"},
                                                                     {"Torch_add_0_forward_output", "Nan"}}));
    CHECK(
        none.file_text() ==
        "Line: NA\nSuspect Nodes: NA\nExpert Advice: All data in comparison result meets the accuracy requirements.\n");

    report::Table without = advice_table({});
    without.header = {"NPU Name", "Cosine"};
    CHECK_THROWS_WITH(legacy::legacy_advise(without),
                      Catch::Contains("Compare result file does not contain the Accuracy Reached or Not column"));
}
