// The kernel compare's BIN mode, file by file: op names normalised, the
// tensors of a directory's dump files with their keys and names, an op's last
// file kept, FFTS+ slices ordered and joined along their cut axis, and the
// values NPY mode would read (bfloat16 as float32).
#include "static_graph/kernel_bin_dumps.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "kernel_dump_files.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

std::vector<float> floats_of(const tensor::TensorView& view) {
    REQUIRE(view.dtype == tensor::DType::Float32);
    REQUIRE(view.is_contiguous());
    std::vector<float> values(static_cast<std::size_t>(view.numel()));
    std::memcpy(values.data(), view.data, values.size() * sizeof(float));
    return values;
}

// The FFTS+ description of two threads: one input of one element each, one output cut as `output_slices` say
// ({thread: [[lower, higher] per dim]}), cut along `cuts` (per output dim).
std::pair<std::string, std::string> two_thread_split(const std::string& output_slices, const std::string& cuts) {
    const std::string one_element_inputs = R"([[[{"lower":0,"higher":1}]],[[{"lower":0,"higher":1}]]])";
    return {"_ffts_attr", R"({"threadMode":1,"slice_instance_num":2,"outputCutList":[)" + cuts +
                              R"(],"input_tensor_slice":)" + one_element_inputs + R"(,"output_tensor_slice":)" +
                              output_slices + "}"};
}

}  // namespace

TEST_CASE("kernel bin dumps: op names lose _lxslice suffixes and sgt_graph prefixes",
          "[static_graph][kernel_bin_dumps]") {
    using static_graph::normalised_kernel_op_name;
    CHECK(normalised_kernel_op_name("conv_lxslice3") == "conv");
    CHECK(normalised_kernel_op_name("Default_sgt_graph_0_add_1") == "add_1");
    CHECK(normalised_kernel_op_name("a_sgt_graph_1_b_sgt_graph_22_relu_lxslice0") == "relu");
    CHECK(normalised_kernel_op_name("plain_op") == "plain_op");
    CHECK(normalised_kernel_op_name("a_lxslice1_b") == std::nullopt);
}

TEST_CASE("kernel bin dumps: keys, names and the last file of an op", "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_keys");
    testing::write_kernel_dump(dir / "Add.add_1.7.2.1700000000000200",
                               {testing::float_tensor({1, 2}), testing::float_tensor({3})});
    testing::write_kernel_dump(dir / "Add.add_1.7.2.1700000000000100",
                               {testing::float_tensor({9, 9}), testing::float_tensor({9})});
    testing::write_kernel_dump(dir / "Relu.Default_sgt_graph_0_relu_lxslice0.8.2.1700000000000300",
                               {testing::float_tensor({5})});
    testing::write_bytes(dir / "notes.txt", {});  // outside the name grammar: not a dump
    std::vector<std::string> warnings;
    tensor::DumpNameResolver names;
    CHECK_FALSE(static_graph::is_kernel_dump_name(dir / "notes.txt", names, warnings));
    CHECK_FALSE(static_graph::is_kernel_dump_name(dir / "Opdebug.Node_OpDebug.7.3.1700000000008010", names, warnings));
    const auto tensors = static_graph::bin_kernel_tensors(
        {dir / "Add.add_1.7.2.1700000000000100", dir / "Add.add_1.7.2.1700000000000200",
         dir / "Relu.Default_sgt_graph_0_relu_lxslice0.8.2.1700000000000300"});
    REQUIRE(tensors.size() == 3);
    CHECK(tensors[0].key == "add_1.7.output.0");
    CHECK(tensors[0].name() == (dir / "Add.add_1.7.2.1700000000000200").string() + ".output.0");
    CHECK(tensors[0].timestamp == 1700000000000200);
    CHECK(tensors[1].key == "add_1.7.output.1");
    CHECK(tensors[2].key == "relu.8.output.0");
    const auto values = static_graph::bin_kernel_values(tensors[0]);
    CHECK(values.shape == std::vector<std::int64_t>{2});
    CHECK(reinterpret_cast<const float*>(values.data)[1] == 2.0f);
}

TEST_CASE("kernel bin dumps: FFTS+ slices without a cut axis give the last slice alone",
          "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_manual_slices");
    // Manual split: one kernel per slice, the slice number in the op name, no auto-split description.
    testing::write_kernel_dump(dir / "Conv2D.conv_lxslice1.9.2.1700000000000200.4.1.0.0",
                               {testing::float_tensor({3, 4})});
    testing::write_kernel_dump(dir / "Conv2D.conv_lxslice0.8.2.1700000000000100.4.1.0.0",
                               {testing::float_tensor({1, 2})});
    const auto tensors = static_graph::bin_kernel_tensors({dir / "Conv2D.conv_lxslice0.8.2.1700000000000100.4.1.0.0",
                                                           dir / "Conv2D.conv_lxslice1.9.2.1700000000000200.4.1.0.0"});
    REQUIRE(tensors.size() == 1);
    CHECK(tensors[0].key == "conv.9.output.0");
    REQUIRE(tensors[0].dumps.size() == 1);
    const auto values = static_graph::bin_kernel_values(tensors[0]);
    CHECK(reinterpret_cast<const float*>(values.data)[0] == 3.0f);
}

TEST_CASE("kernel bin dumps: FFTS+ slices are ordered by thread and joined along the first cut axis",
          "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_dumps_ffts_rows");
    // A (4, 3) output cut into two threads of two rows; thread 1's file is listed first.
    const auto split = two_thread_split(R"([[[{"lower":0,"higher":2},{"lower":0,"higher":3}]],)"
                                        R"([[{"lower":2,"higher":4},{"lower":0,"higher":3}]]])",
                                        "[2,1]");
    const fs::path thread0 = dir / "Mul.mul_1.5.2.1700000000000100.4.1.0.0";
    const fs::path thread1 = dir / "Mul.mul_1.6.2.1700000000000100.4.1.1.0";
    testing::write_kernel_dump(thread0, {testing::float_tensor({0, 1, 2, 3, 4, 5}, {4, 3})},
                               {testing::float_tensor({10})}, {split});
    testing::write_kernel_dump(thread1, {testing::float_tensor({6, 7, 8, 9, 10, 11}, {4, 3})},
                               {testing::float_tensor({20})}, {split});
    const auto tensors = static_graph::bin_kernel_tensors({thread1, thread0});
    REQUIRE(tensors.size() == 2);
    CHECK(tensors[0].key == "mul_1.5.input.0");  // named after the first slice
    CHECK(tensors[0].dumps.size() == 1);         // inputs come from the first slice
    CHECK(floats_of(static_graph::bin_kernel_values(tensors[0])) == std::vector<float>{10});
    CHECK(tensors[1].key == "mul_1.5.output.0");
    CHECK(tensors[1].name() == thread0.string() + ".output.0");
    REQUIRE(tensors[1].dumps.size() == 2);
    const auto merged = static_graph::bin_kernel_values(tensors[1]);
    CHECK(merged.shape == std::vector<std::int64_t>{4, 3});
    CHECK(floats_of(merged) == std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
}

TEST_CASE("kernel bin dumps: slices cut along an inner axis interleave row by row",
          "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_dumps_ffts_columns");
    // A (2, 3) output: thread 0 holds column 0, thread 1 columns 1 and 2.
    const auto split = two_thread_split(R"([[[{"lower":0,"higher":2},{"lower":0,"higher":1}]],)"
                                        R"([[{"lower":0,"higher":2},{"lower":1,"higher":3}]]])",
                                        "[1,2]");
    const fs::path thread0 = dir / "Mul.mul_2.5.2.1700000000000100.4.1.0.0";
    const fs::path thread1 = dir / "Mul.mul_2.6.2.1700000000000100.4.1.1.0";
    testing::write_kernel_dump(thread0, {testing::float_tensor({1, 4}, {2, 3})}, {testing::float_tensor({0})}, {split});
    testing::write_kernel_dump(thread1, {testing::float_tensor({2, 3, 5, 6}, {2, 3})}, {testing::float_tensor({0})},
                               {split});
    const auto tensors = static_graph::bin_kernel_tensors({thread0, thread1});
    REQUIRE(tensors.size() == 2);
    const auto merged = static_graph::bin_kernel_values(tensors[1]);
    CHECK(merged.shape == std::vector<std::int64_t>{2, 3});
    CHECK(floats_of(merged) == std::vector<float>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("kernel bin dumps: slices that differ beside the cut axis are refused", "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_dumps_ffts_mismatch");
    const auto split = two_thread_split(R"([[[{"lower":0,"higher":2},{"lower":0,"higher":3}]],)"
                                        R"([[{"lower":2,"higher":4},{"lower":0,"higher":2}]]])",
                                        "[2,1]");
    const fs::path thread0 = dir / "Mul.mul_3.5.2.1700000000000100.4.1.0.0";
    const fs::path thread1 = dir / "Mul.mul_3.6.2.1700000000000100.4.1.1.0";
    testing::write_kernel_dump(thread0, {testing::float_tensor({0, 1, 2, 3, 4, 5}, {4, 3})},
                               {testing::float_tensor({0})}, {split});
    testing::write_kernel_dump(thread1, {testing::float_tensor({6, 7, 8, 9}, {4, 3})}, {testing::float_tensor({0})},
                               {split});
    const auto tensors = static_graph::bin_kernel_tensors({thread0, thread1});
    REQUIRE(tensors.size() == 2);
    try {
        static_graph::bin_kernel_values(tensors[1]);
        FAIL("slices of (2, 3) and (2, 2) were joined along axis 0");
    } catch (const Error& e) {
        CHECK(e.file() == thread0.string() + ".output.0");
        CHECK(e.reason() == "FFTS+ slices differ in dtype or in a dim other than the cut axis");
    }
}

TEST_CASE("kernel bin dumps: time stamps of another length sort before 16-digit ones",
          "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_dumps_time_stamps");
    const fs::path sixteen = dir / "Add.add_2.7.2.1700000000000100";
    const fs::path seventeen = dir / "Add.add_2.8.2.99999999999999999";  // larger, but not a 16-digit stamp
    testing::write_kernel_dump(sixteen, {testing::float_tensor({1})});
    testing::write_kernel_dump(seventeen, {testing::float_tensor({2})});
    const auto tensors = static_graph::bin_kernel_tensors({seventeen, sixteen});
    REQUIRE(tensors.size() == 1);
    CHECK(tensors[0].key == "add_2.7.output.0");
    CHECK(floats_of(static_graph::bin_kernel_values(tensors[0])) == std::vector<float>{1});
}

TEST_CASE("kernel bin dumps: bfloat16 values read as float32, a leftover _lxslice is skipped",
          "[static_graph][kernel_bin_dumps]") {
    const fs::path dir = testing::scratch_dir("kernel_bin_dumps_bf16");
    const fs::path bf16 = dir / "Cast.cast_bf16.3.2.1700000000000100";
    // bfloat16 0x3F80 = 1, 0x4049 = 3.140625, 0xC000 = -2 (the top halves of their float32 values).
    testing::write_kernel_dump(
        bf16, {testing::tensor_spec(27, {3}, testing::bytes_of(std::vector<std::uint16_t>{0x3F80, 0x4049, 0xC000}))});
    const fs::path unsplit = dir / "Relu.a_lxslice1_b.4.2.1700000000000200";
    testing::write_kernel_dump(unsplit, {testing::float_tensor({1})});
    const auto tensors = static_graph::bin_kernel_tensors({bf16, unsplit});
    REQUIRE(tensors.size() == 1);
    CHECK(tensors[0].key == "cast_bf16.3.output.0");
    CHECK(floats_of(static_graph::bin_kernel_values(tensors[0])) == std::vector<float>{1, 3.140625F, -2});
}
