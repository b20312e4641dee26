#include "kernel_dump_compare/dump_folder.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
namespace fs = std::filesystem;

namespace {

std::string error_of(const fs::path& folder, bool fusion = false) {
    try {
        DumpFolder f(folder, fusion);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

// dump.py DumpInfo: the file name grammars, keys and sort order.
TEST_CASE("dump folder: NPU dump names, keys and the latest file", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_folder_npu");
    testing::touch(dir / "Add.net_add.3.0.1700000000000002");
    testing::touch(dir / "Add.net_add.4.0.1700000000000001");  // an earlier run of the same op
    testing::touch(dir / "Conv2D.conv1.5.1700000000000003");   // old 4-field name
    testing::touch(dir / "notes.txt");                         // outside the grammar: skipped
    testing::write_file(dir / "mapping.csv", "");
    const DumpFolder folder(dir, false);
    CHECK(folder.kind() == DumpKind::Offline);
    CHECK_FALSE(folder.holds_npy());
    REQUIRE(folder.ops().size() == 2);
    const OpFiles* add = folder.find("net/add");  // '/' and '.' read as '_'
    REQUIRE(add != nullptr);
    REQUIRE(add->files.size() == 2);
    CHECK(add->files.back().name == "Add.net_add.3.0.1700000000000002");  // sorted by time stamp
    CHECK(folder.find("conv1") != nullptr);
    CHECK(folder.warnings().size() == 1);
    CHECK(folder.warnings()[0].find("\"notes.txt\"") != std::string::npos);
}

TEST_CASE("dump folder: golden .npy names keyed by op and output", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_folder_npy");
    testing::touch(dir / "conv1_Conv2D.0.1700000000000001.npy");
    testing::touch(dir / "layer.fc.1.1700000000000002.npy");  // dots pass the grammar, but lookups read them as '_'
    testing::touch(dir / "layer_fc.2.1700000000000002.npy");
    const DumpFolder folder(dir, false);
    CHECK(folder.kind() == DumpKind::Standard);
    CHECK(folder.holds_npy());
    CHECK(folder.find("conv1/Conv2D", 0) != nullptr);
    CHECK(folder.find("conv1/Conv2D", 1) == nullptr);
    CHECK(folder.find("layer.fc", 1) == nullptr);
    CHECK(folder.find("layer.fc", 2) != nullptr);
    CHECK(folder.data_info() == "side is dump data of the unquantized original model");

    const auto quant = testing::scratch_dir("kdc_folder_npy_quant");
    testing::touch(quant / "conv1_quant_layer.0.1700000000000001.npy");
    const DumpFolder quantized(quant, false);
    CHECK(quantized.kind() == DumpKind::Quant);
    CHECK(quantized.quantized());
}

TEST_CASE("dump folder: FFTS+ slices and subgraph prefixes", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_folder_ffts");
    testing::touch(dir / "Mul.mul_lxslice0.2.9.1700000000000001.4.487.0.0");  // a manual slice: its suffix cut
    testing::touch(dir / "Mul.part_sgt_graph_0_mul2.2.9.1700000000000002.4.487.1.0");
    testing::touch(dir / "Mul.auto.2.9.1700000000000003.4.487.1.0");
    const DumpFolder folder(dir, false);
    REQUIRE(folder.find("mul") != nullptr);
    CHECK(folder.find("mul")->mode == TaskMode::FftsManual);
    CHECK(folder.find("mul2") != nullptr);  // text up to sgt_graph_<n> and one more character is cut
    REQUIRE(folder.find("auto") != nullptr);
    CHECK(folder.find("auto")->mode == TaskMode::FftsAutomatic);
    const DumpFolder with_rule(dir, true);
    REQUIRE(with_rule.find("mul") != nullptr);
    CHECK(with_rule.find("mul")->mode == TaskMode::FftsManual);
}

TEST_CASE("dump folder: refusals", "[kernel_dump_compare]") {
    const auto empty = testing::scratch_dir("kdc_folder_empty");
    CHECK(error_of(empty).find("No valid dump files in the path.") != std::string::npos);
    const auto mixed = testing::scratch_dir("kdc_folder_mixed");
    testing::touch(mixed / "Add.add.3.0.1700000000000002");
    testing::touch(mixed / "add.0.1700000000000001.npy");
    CHECK(error_of(mixed).find("Not all files in the path are of the same type") != std::string::npos);
    const auto task = testing::scratch_dir("kdc_folder_task");
    testing::touch(task / "Add.add.3.0.1700000000000002.7.1.0.0");
    CHECK(error_of(task).find("the task type '7'") != std::string::npos);
    CHECK(error_of(task / "missing").find("is not a directory") != std::string::npos);
}

TEST_CASE("dump folder: digit names through mapping.csv", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_folder_mapping");
    testing::touch(dir / "123");
    testing::touch(dir / "456");
    testing::write_file(dir / "mapping.csv", "123,Cast.a_long_name.3.0.1700000000000002\n");
    const DumpFolder folder(dir, false);
    REQUIRE(folder.find("a_long_name") != nullptr);
    CHECK(folder.find("a_long_name")->files.back().path.filename() == "123");
    CHECK(folder.warnings().size() == 1);  // 456 is not in mapping.csv
    CHECK(file_timestamp("Add.add.3.0.1700000000000002") == 1700000000000002);
    CHECK(file_timestamp("add.0.17.npy") == 0);  // not 16 digits
    CHECK(op_type_of_file("Add.add.3.0.1700000000000002") == "Add");
    CHECK(op_type_of_file("123") == "NaN");
}
