// The kernel compare's BIN mode: directories of kernel dump (.bin) files give
// the workbook their .npy twins give (test/support/kernel_bin_dump_pair), a
// damaged file stops the run, an undecodable tensor marks its row.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "common/error.hpp"
#include "compare_request/compare_request.hpp"
#include "report/xlsx_reader.hpp"
#include "static_graph/kernel_compare.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/kernel_bin_dump_pair.hpp"
#include "support/kernel_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "kernel_dump_files.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using report::Cell;

namespace {

using Rows = std::vector<std::vector<Cell>>;

// Runs the kernel compare of `compare_json` into `out`; the rows of its one workbook.
Rows compare_rows(const fs::path& compare_json, const fs::path& out) {
    compare::CompareOptions options;
    options.input_path = compare_json;
    options.output_dir = out;
    ThreadPool pool(2);
    const auto summary = static_graph::run_kernel_compare(
        std::get<compare::KernelDirs>(compare::read_compare_request(compare_json)), options, pool);
    REQUIRE(summary.pairs.size() == 1);
    REQUIRE(summary.pairs[0].written.size() == 1);
    auto rows = report::read_first_xlsx_sheet(summary.pairs[0].written[0].string()).rows;
    for (auto& row : rows) row.resize(rows.at(0).size());
    return rows;
}

std::string text_of(const Cell& cell) { return cell.is_text() ? std::string(cell.text()) : std::string(); }

// The row whose NPU Name contains `npu_name_part`.
const std::vector<Cell>& row_named(const Rows& rows, const std::string& npu_name_part) {
    const auto found = std::find_if(rows.begin(), rows.end(), [&](const auto& row) {
        return text_of(row[0]).find(npu_name_part) != std::string::npos;
    });
    INFO(npu_name_part);
    REQUIRE(found != rows.end());
    return *found;
}

}  // namespace

TEST_CASE("kernel compare BIN mode: the .bin pair's workbook equals the .npy pair's", "[kernel_compare][bin]") {
    const fs::path root = testing::scratch_dir("kernel_bin_vs_npy");
    const auto pair = testing::write_kernel_bin_pair({root / "dumps"});
    const Rows bin = compare_rows(pair.bin_compare_json, root / "out_bin");
    const Rows npy = compare_rows(pair.npy_compare_json, root / "out_npy");
    REQUIRE(bin.size() == pair.tensors + 1);
    REQUIRE(npy.size() == bin.size());
    CHECK(bin[0] == npy[0]);
    for (std::size_t r = 1; r < bin.size(); ++r) {
        INFO("row " << r << ": " << text_of(npy[r][0]) << " / " << text_of(npy[r][1]));
        for (std::size_t c = 2; c < bin[r].size(); ++c) {
            INFO("column " << text_of(bin[0][c]));
            CHECK(bin[r][c] == npy[r][c]);
        }
        // The name columns name the same tensor: <dump file>.<io>.<slot> for the .npy file.
        const std::map<std::string, std::string>* twins[] = {&pair.npu_twins, &pair.bench_twins};
        for (std::size_t side = 0; side < 2; ++side) {
            const std::string npy_name = text_of(npy[r][side]);
            if (npy_name.empty()) {
                CHECK(text_of(bin[r][side]).empty());
            } else {
                CHECK(text_of(bin[r][side]) == twins[side]->at(npy_name));
            }
        }
    }
    // The planted differences show: not every row is a perfect match.
    std::set<std::string> accuracy, messages;
    for (std::size_t r = 1; r < bin.size(); ++r) {
        accuracy.insert(text_of(bin[r][14]));
        messages.insert(text_of(bin[r][15]));
    }
    CHECK(accuracy == std::set<std::string>{"", "Yes", "No"});
    CHECK(messages.count("Dump file is not ndarray.\n") == 1);
    CHECK(messages.count("This is empty data, can not compare.\n") == 1);
    CHECK(messages.count("This is type of scalar data, can not compare.\n") == 1);
    CHECK(messages.count("Dtype of NPU and bench Tensor do not match. Skipped.\n") == 1);
    CHECK(messages.count("Shape of NPU and bench Tensor do not match.\n") == 1);
    CHECK(messages.count("The position of inf or nan in NPU and bench Tensor do not match.\n") == 1);

    // Spot values: bfloat16 reads as float32, blocked layouts come back in their logical shapes.
    CHECK(text_of(row_named(bin, "bf16_matmul.15.2.1700000000104000.output.0")[2]) == "float32");
    CHECK(text_of(row_named(bin, "matmul_nz.19.2.1700000000108000.output.0")[4]) == "(3, 17, 20)");
    CHECK(text_of(row_named(bin, "conv_fractal_z.18.2.1700000000107000.input.1")[4]) == "(17, 5, 3, 3)");
    CHECK(text_of(row_named(bin, "mul_f64.13.2.1700000000102000.output.0")[14]) == "No");
    // The two FFTS+ slices of (3, 4) make one (6, 4) output, named after the first slice's file.
    CHECK(text_of(row_named(bin, "ffts_mul.27.2.1700000000115000.4.1.0.0.output.0")[4]) == "(6, 4)");
}

TEST_CASE("kernel compare BIN mode: a damaged .bin file stops the run and writes nothing", "[kernel_compare][bin]") {
    const fs::path root = testing::scratch_dir("kernel_bin_damaged");
    const auto pair = testing::write_kernel_bin_pair({root / "dumps", 0, 0, 11, false, true});
    compare::CompareOptions options;
    options.input_path = pair.bin_compare_json;
    options.output_dir = root / "out";
    ThreadPool pool(2);
    const auto dirs = std::get<compare::KernelDirs>(compare::read_compare_request(pair.bin_compare_json));
    try {
        static_graph::run_kernel_compare(dirs, options, pool);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == pair.damaged_file.string());
        CHECK(e.reason().rfind("E_TRUNCATED", 0) == 0);
        CHECK(e.exit_code() == kExitBadInput);
    }
    CHECK((!fs::exists(root / "out") || fs::is_empty(root / "out")));
    // The .npy twins of the same tree are whole: that pair still compares.
    CHECK(compare_rows(pair.npy_compare_json, root / "out_npy").size() == pair.tensors + 1);
}

TEST_CASE("kernel compare BIN mode: a 2 MB header of a million tensor slots is refused before it is decoded",
          "[kernel_compare][bin]") {
    const fs::path root = testing::scratch_dir("kernel_bin_many_slots");
    const auto pair = testing::write_kernel_bin_pair({root / "dumps", 0, 0, 11, true, false});
    fs::path leaf;
    for (const auto& entry : fs::recursive_directory_iterator(pair.bin_npu)) {
        if (entry.is_regular_file() && entry.path().filename() != "mapping.csv") leaf = entry.path().parent_path();
    }
    REQUIRE_FALSE(leaf.empty());
    testing::BinDumpSpec spec;
    spec.op_name = "net/wide";
    spec.outputs.push_back(testing::tensor_spec(1, {1}, testing::bytes_of(std::vector<float>{1})));
    const fs::path wide = leaf / "Add.wide.99.1.1700000000099000";
    testing::write_bytes(wide,
                         testing::with_header_fields(testing::encode_bin_dump(spec),
                                                     testing::repeated(testing::message_field(3, {}), 1'000'000)));
    compare::CompareOptions options;
    options.input_path = pair.bin_compare_json;
    options.output_dir = root / "out";
    ThreadPool pool(2);
    const auto dirs = std::get<compare::KernelDirs>(compare::read_compare_request(pair.bin_compare_json));
    try {
        static_graph::run_kernel_compare(dirs, options, pool);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == wide.string());
        CHECK(e.reason() ==
              "E_LIMIT: the header lists 1000001 tensors, buffers and workspaces (at most 16384 per file)");
        CHECK(e.exit_code() == kExitBadInput);
    }
    CHECK((!fs::exists(root / "out") || fs::is_empty(root / "out")));
}

TEST_CASE("kernel compare BIN mode: a tensor without decoding marks its row only", "[kernel_compare][bin]") {
    const fs::path root = testing::scratch_dir("kernel_bin_unsupported");
    for (const char* side : {"npu", "bench"}) {
        const fs::path dir = testing::kbk_step_dir(root / side, 0, 0);
        auto strings = testing::tensor_spec(13, {2}, testing::Bytes(16));  // DT_STRING
        testing::write_kernel_dump(dir / "Cast.cast_1.3.2.1700000000000100",
                                   {testing::float_tensor({1, 2, 3}), strings});
    }
    testing::write_static_graph_compare_json(root / "compare.json", root / "npu", root / "bench",
                                             R"("rank_id": [], "step_id": [])");
    const Rows rows = compare_rows(root / "compare.json", root / "out");
    REQUIRE(rows.size() == 3);
    CHECK(text_of(rows[1][14]) == "Yes");
    CHECK(rows[1][16] == Cell(1.0));
    CHECK(text_of(rows[2][0]).ends_with("Cast.cast_1.3.2.1700000000000100.output.1"));
    CHECK(text_of(rows[2][15]) == "Dump file is not ndarray.\n");
    CHECK(rows[2][2] == Cell());
}

TEST_CASE("kernel compare BIN mode: the fixture dumps against themselves", "[kernel_compare][bin][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    // The samples are read in place: each side's KBK step directory is a link to their folder
    // (the compare refuses linked files, not a linked dump root).
    const fs::path root = testing::scratch_dir("kernel_bin_fixtures");
    for (const char* side : {"npu", "bench"}) {
        const fs::path dir = testing::kbk_step_dir(root / side, 0, 0);
        fs::remove(dir);
        fs::create_directory_symlink(*fixtures / "bin_dumps" / "dumps", dir);
    }
    testing::write_static_graph_compare_json(root / "compare.json", root / "npu/rank_0/mnist/0/0",
                                             root / "bench/rank_0/mnist/0/0", R"("rank_id": [], "step_id": [])");
    const Rows rows = compare_rows(root / "compare.json", root / "out");
    const fs::path npu_dir = root / "npu/rank_0/mnist/0/0";
    auto row = [&](const std::string& name) { return row_named(rows, (npu_dir / name).string()); };
    const auto fp32 = row("DtypeProbe.dtype_float32.10.2.1700000000001000.output.0");
    CHECK(text_of(fp32[2]) == "float32");
    CHECK(text_of(fp32[14]) == "Yes");
    CHECK(fp32[16] == Cell(1.0));
    const auto padded = row("TransData.layout_transdata_nc1hwc0_fp32pad.101.5.1700000000002001.output.0");
    CHECK(text_of(padded[4]) == "(1, 5, 2, 3)");
    CHECK(padded[6] == Cell(9.125));  // max and min of the logical values: the padding (777) is dropped
    CHECK(padded[7] == Cell(-125.0));
    CHECK(text_of(row("DtypeProbe.dtype_bfloat16.12.2.1700000000001002.output.0")[2]) == "float32");
    CHECK(text_of(row("Shape.edge_empty_scalar.40.2.1700000000004000.output.1")[15]) ==
          "This is type of scalar data, can not compare.\n");
    // The short name is the file; mapping.csv gives its kernel name.
    CHECK(text_of(row("1700000000123456789.output.0")[14]) == "Yes");
    std::set<std::string> files;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        CHECK(fs::path(text_of(rows[r][0])).filename() == fs::path(text_of(rows[r][1])).filename());
        files.insert(text_of(rows[r][0]));
    }
    CHECK(files.size() == rows.size() - 1);
}
