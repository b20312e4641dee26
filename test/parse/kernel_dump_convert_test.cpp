// parse -d: kernel dumps the project writes (every dtype and device layout,
// odd sizes, damaged files) and the shared samples, converted to .npy and
// .pt files whose values are read back and held against the true values.
#include "parse/kernel_dump_convert.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "parse/long_file_names.hpp"
#include "parse/name_uuid.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/device_layout_packer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/ascend_format.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/layout_conversion.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/tensor_file.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::parse;
using msprobe::tensor::AscendFormat;
using msprobe::tensor::DType;
using msprobe::tensor::TensorView;
using msprobe::testing::BinDumpSpec;
using msprobe::testing::Bytes;
using msprobe::testing::bytes_of;
using msprobe::testing::tensor_spec;
using nlohmann::json;

namespace {

constexpr std::int32_t kFloat = 1, kFloat16 = 2, kInt8 = 3, kUInt8 = 4, kInt16 = 5, kUInt16 = 6, kInt32 = 7,
                       kInt64 = 8, kUInt32 = 9, kBool = 11, kDouble = 12, kComplex64 = 16, kComplex128 = 17,
                       kBFloat16 = 27, kHiFloat8 = 33, kFloat8E5M2 = 34, kFloat8E4M3FN = 35;

KernelDumpConvertResult convert(const fs::path& input, const fs::path& output, TensorFileType type,
                                std::optional<std::string> target = std::nullopt) {
    ThreadPool pool(2);
    return convert_kernel_dumps({input, output, type, std::move(target)}, pool);
}

const char* extension(TensorFileType type) { return type == TensorFileType::Npy ? ".npy" : ".pt"; }

TensorView read_converted(const fs::path& file) {
    return file.extension() == ".npy" ? tensor::read_npy(file) : tensor::read_pt(file);
}

// Exactly the same values (NaN equal to NaN, the sign of zero kept) in the same shape.
void check_same_values(const TensorView& actual, const TensorView& expected) {
    REQUIRE(actual.shape == expected.shape);
    const auto got = tensor::to_double_vector(actual);
    const auto want = tensor::to_double_vector(expected);
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        INFO("element " << i << ": " << got[i] << " vs " << want[i]);
        CHECK(((std::isnan(got[i]) && std::isnan(want[i])) ||
               (got[i] == want[i] && std::signbit(got[i]) == std::signbit(want[i]))));
    }
}

std::vector<std::uint64_t> unsigned_dims(const std::vector<std::int64_t>& dims) { return {dims.begin(), dims.end()}; }

BinDumpSpec dump_spec(std::string op_name) {
    BinDumpSpec spec;
    spec.op_name = std::move(op_name);
    spec.dump_time = 1700000000003000;
    return spec;
}

std::int32_t format_number(AscendFormat format) { return static_cast<std::int32_t>(format); }

std::size_t file_count(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

// A new-layout op-debug record: AIC, version 0, 11 words.
Bytes op_debug_record(std::uint64_t task_id, std::uint64_t stream_id, std::uint64_t status) {
    const std::vector<std::uint32_t> head{0x5A5A5A5A, 0, 1, 0, 0, 88};
    const std::vector<std::uint64_t> words{0, stream_id, task_id, 0, 0, 0, 0x1234a000, 0x5678b000, 3, 12, status};
    Bytes bytes = bytes_of(head);
    const Bytes tail = bytes_of(words);
    bytes.insert(bytes.end(), tail.begin(), tail.end());
    return bytes;
}

}  // namespace

TEST_CASE("every element type converts to its values, .npy widens bfloat16 and 8-bit floats, .pt keeps bfloat16",
          "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_dtypes");
    BinDumpSpec spec = dump_spec("net/all_types");
    const std::vector<float> floats{0.0F,    -0.0F, 1.5F,  -2.25F, INFINITY, -INFINITY, NAN, 1e-45F,
                                    3.4e38F, 7.0F,  -8.0F, 0.1F,   2.0F,     3.0F,      4.0F};
    spec.outputs.push_back(tensor_spec(kFloat, {3, 5}, bytes_of(floats)));
    spec.outputs.push_back(
        tensor_spec(kFloat16, {5, 3},
                    bytes_of(std::vector<std::uint16_t>{0x3C00, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x7BFF, 0xC000,
                                                        0x3555, 0, 1, 2, 3, 4, 5})));
    spec.outputs.push_back(tensor_spec(kBFloat16, {3}, bytes_of(std::vector<std::uint16_t>{0x4049, 0x7FC0, 0x8001})));
    spec.outputs.push_back(tensor_spec(kInt8, {7}, bytes_of(std::vector<std::int8_t>{-128, 127, 0, -1, 5, 6, 7})));
    spec.outputs.push_back(tensor_spec(kUInt8, {1, 3}, bytes_of(std::vector<std::uint8_t>{0, 255, 17})));
    spec.outputs.push_back(tensor_spec(kInt16, {3}, bytes_of(std::vector<std::int16_t>{-32768, 32767, 1})));
    spec.outputs.push_back(tensor_spec(kUInt16, {2}, bytes_of(std::vector<std::uint16_t>{65535, 3})));
    spec.outputs.push_back(tensor_spec(kInt32, {3}, bytes_of(std::vector<std::int32_t>{INT32_MIN, INT32_MAX, -7})));
    spec.outputs.push_back(tensor_spec(kUInt32, {1}, bytes_of(std::vector<std::uint32_t>{4000000000U})));
    spec.outputs.push_back(tensor_spec(kInt64, {2}, bytes_of(std::vector<std::int64_t>{INT64_MIN, INT64_MAX})));
    spec.outputs.push_back(tensor_spec(kBool, {3}, bytes_of(std::vector<std::uint8_t>{1, 0, 1})));
    spec.outputs.push_back(tensor_spec(kDouble, {}, bytes_of(std::vector<double>{-0.5})));
    spec.outputs.push_back(tensor_spec(kComplex64, {2}, bytes_of(std::vector<float>{1, -1, NAN, 2})));
    spec.outputs.push_back(tensor_spec(kComplex128, {1}, bytes_of(std::vector<double>{3, -4})));
    spec.outputs.push_back(tensor_spec(kFloat8E5M2, {4}, testing::bytes_of_codes({0x3C, 0x7F, 0x80, 0x01})));
    spec.outputs.push_back(tensor_spec(kFloat8E4M3FN, {4}, testing::bytes_of_codes({0x38, 0x7F, 0x7E, 0x01})));
    spec.outputs.push_back(tensor_spec(kHiFloat8, {3}, testing::bytes_of_codes({0x00, 0x10, 0x18})));
    spec.outputs.push_back(tensor_spec(kFloat, {0, 3}));
    const auto file = dir / "in" / "DtypeProbe.all_types.1.2.1700000000001000";
    fs::create_directories(file.parent_path());
    testing::write_bytes(file, testing::encode_bin_dump(spec));
    const auto dump = tensor::read_bin_dump(file);

    for (const auto type : {TensorFileType::Npy, TensorFileType::Pt}) {
        const auto out = dir / (type == TensorFileType::Npy ? "npy" : "pt");
        const auto result = convert(file, out, type);
        CHECK(result.files == 1);
        CHECK(result.tensors == spec.outputs.size());
        CHECK(result.warnings.empty());
        for (std::size_t i = 0; i < spec.outputs.size(); ++i) {
            INFO(extension(type) << " output " << i);
            const auto written =
                read_converted(out / (file.filename().string() + ".output." + std::to_string(i) + extension(type)));
            const TensorView& stored = dump.outputs[i].view();
            check_same_values(written, stored);
            const bool widened = type == TensorFileType::Npy && stored.dtype == DType::BFloat16;
            CHECK(written.dtype == (widened ? DType::Float32 : stored.dtype));
        }
    }
}

TEST_CASE("every device layout converts to the logical array it was packed from", "[kernel_dump_convert]") {
    struct Case {
        AscendFormat format;
        std::vector<std::int64_t> logical_shape;
        testing::DeviceBlocks blocks;
    };
    const std::vector<Case> cases{
        {AscendFormat::NC1HWC0, {2, 19, 3, 5}, {}},
        {AscendFormat::NC1HWC0, {1, 40, 2, 2}, {.c0 = 32}},
        {AscendFormat::NC1HWC0_C04, {2, 3, 4, 5}, {.c0 = 4}},
        {AscendFormat::FRACTAL_Z, {20, 19, 3, 3}, {}},
        {AscendFormat::FRACTAL_Z_3D, {17, 18, 2, 2, 3}, {}},
        {AscendFormat::FRACTAL_NZ, {2, 33, 20}, {}},
        {AscendFormat::FRACTAL_NZ, {5, 7}, {}},
        {AscendFormat::NDC1HWC0, {1, 18, 2, 3, 4}, {}},
        {AscendFormat::C1HWNCoC0, {5, 19, 2, 3}, {}},
        {AscendFormat::NHWC, {1, 5, 2, 2}, {}},
        {AscendFormat::HWCN, {7, 5, 3, 3}, {}},
    };
    const auto dir = testing::scratch_dir("kernel_dump_convert_layouts");
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const Case& layout = cases[c];
        INFO(tensor::format_label(layout.format) << " case " << c);
        std::int64_t numel = 1;
        for (const auto dim : layout.logical_shape) numel *= dim;
        std::vector<std::uint16_t> logical(static_cast<std::size_t>(numel));
        for (std::size_t i = 0; i < logical.size(); ++i) logical[i] = static_cast<std::uint16_t>(0x3C00 + i % 1000);
        const auto logical_bytes = bytes_of(logical);
        const auto packed =
            testing::pack_device_layout(logical_bytes, 2, layout.format, layout.logical_shape, layout.blocks);
        BinDumpSpec spec = dump_spec("net/layout");
        auto output =
            tensor_spec(kFloat16, unsigned_dims(packed.device_shape), packed.bytes, format_number(layout.format));
        output.original_shape = unsigned_dims(layout.logical_shape);
        spec.outputs.push_back(std::move(output));
        const auto file = dir / "in" / ("Conv.layout_" + std::to_string(c) + ".1.2.1700000000002000");
        fs::create_directories(file.parent_path());
        testing::write_bytes(file, testing::encode_bin_dump(spec));
        for (const auto type : {TensorFileType::Npy, TensorFileType::Pt}) {
            const auto out = dir / ("out" + std::to_string(c) + extension(type));
            const auto result = convert(file, out, type);
            CHECK(result.warnings.empty());
            const auto written = read_converted(out / (file.filename().string() + ".output.0" + extension(type)));
            CHECK(written.dtype == DType::Float16);
            CHECK(written.shape == layout.logical_shape);
            REQUIRE(written.numel() == numel);
            CHECK(std::memcmp(written.data, logical_bytes.data(), logical_bytes.size()) == 0);
        }
    }
}

TEST_CASE("a target format writes that layout, named by its dims, and no buffers", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_target");
    const std::vector<std::int64_t> nchw{2, 19, 3, 5};
    std::vector<float> logical(2 * 19 * 3 * 5);
    for (std::size_t i = 0; i < logical.size(); ++i) logical[i] = static_cast<float>(i);
    const auto packed = testing::pack_device_layout(bytes_of(logical), 4, AscendFormat::NC1HWC0, nchw);
    BinDumpSpec spec = dump_spec("net/transdata");
    auto output =
        tensor_spec(kFloat, unsigned_dims(packed.device_shape), packed.bytes, format_number(AscendFormat::NC1HWC0));
    output.original_shape = unsigned_dims(nchw);
    spec.outputs.push_back(std::move(output));
    spec.outputs.push_back(tensor_spec(kInt32, {3}, bytes_of(std::vector<std::int32_t>{1, 2, 3})));  // ND: unchanged
    spec.buffers.push_back({0, Bytes(5, std::byte{7})});
    const auto file = dir / "TransData.trans.100.5.1700000000002000";
    testing::write_bytes(file, testing::encode_bin_dump(spec));

    const auto out = dir / "out";
    const auto result = convert(file, out, TensorFileType::Npy, "NHWC");
    CHECK(result.tensors == 2);
    CHECK(result.other_files == 0);
    CHECK(file_count(out) == 2);
    const auto nhwc = tensor::read_npy(out / (file.filename().string() + ".output.0.2x3x5x19.npy"));
    REQUIRE(nhwc.shape == std::vector<std::int64_t>{2, 3, 5, 19});
    const auto* values = reinterpret_cast<const float*>(nhwc.data);
    // (n, h, w, c) holds logical (n, c, h, w).
    CHECK(values[((1 * 3 + 2) * 5 + 4) * 19 + 18] == logical[((1 * 19 + 18) * 3 + 2) * 5 + 4]);
    CHECK(fs::exists(out / (file.filename().string() + ".output.1.3.npy")));

    CHECK_THROWS_WITH(convert(file, dir / "bad_target", TensorFileType::Npy, "NOPE"), Catch::Contains("NOPE"));
    CHECK_FALSE(fs::exists(dir / "bad_target"));
}

TEST_CASE("buffers and workspaces are copied byte for byte", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_blobs");
    BinDumpSpec spec = dump_spec("net/add");
    spec.inputs.push_back(tensor_spec(kInt8, {2}, bytes_of(std::vector<std::int8_t>{1, 2})));
    spec.buffers.push_back({0, bytes_of(std::vector<std::uint8_t>{1, 2, 3})});
    spec.spaces.push_back({0, bytes_of(std::vector<std::uint8_t>{'l', 'o', 'g', 0})});
    const auto file = dir / "Add.add.5.1.1700000000003000";
    testing::write_bytes(file, testing::encode_bin_dump(spec));
    const auto result = convert(file, dir / "out", TensorFileType::Pt);
    CHECK(result.tensors == 1);
    CHECK(result.other_files == 2);
    CHECK(testing::read_file_text(dir / "out" / "Add.add.5.1.1700000000003000.l1buffer.0.bin") ==
          std::string("\1\2\3"));
    CHECK(testing::read_file_text(dir / "out" / "Add.add.5.1.1700000000003000.space.0.bin") == std::string("log\0", 4));
}

TEST_CASE("a damaged file fails the run before anything is written", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_damaged");
    BinDumpSpec spec = dump_spec("net/good");
    spec.outputs.push_back(tensor_spec(kFloat, {4, 4}, bytes_of(std::vector<float>(16, 1.0F))));
    const Bytes good = testing::encode_bin_dump(spec);
    const std::vector<std::pair<std::string, Bytes>> damaged{
        {"truncated", testing::truncated(good, 3)},
        {"header_too_long", testing::with_length_prefix(good, 100000)},
        {"tiny", Bytes(5, std::byte{1})},
        {"empty", Bytes{}},
        {"not_a_dump", bytes_of(std::vector<std::uint8_t>{'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!'})},
    };
    for (const auto& [label, bytes] : damaged) {
        INFO(label);
        const auto in = dir / label;
        fs::create_directories(in);
        testing::write_bytes(in / "A.good.1.1.1700000000000001", good);
        testing::write_bytes(in / ("B." + label + ".2.1.1700000000000002"), bytes);
        testing::write_bytes(in / "C.good.3.1.1700000000000003", good);
        const auto out = dir / (label + "_out");
        try {
            convert(in, out, TensorFileType::Npy);
            FAIL("converted");
        } catch (const Error& error) {
            CHECK(error.file() == (in / ("B." + label + ".2.1.1700000000000002")).string());
            CHECK(error.exit_code() == kExitBadInput);
        }
        CHECK_FALSE(fs::exists(out));
    }
}

TEST_CASE("a tensor that cannot be decoded is left out with a warning, trailing bytes are a warning",
          "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_tensor_errors");
    BinDumpSpec spec = dump_spec("net/short");
    spec.inputs.push_back(tensor_spec(kUInt8, {3}, bytes_of(std::vector<std::uint8_t>{1, 2, 3})));
    spec.outputs.push_back(tensor_spec(kFloat, {4, 4}, bytes_of(std::vector<float>(8, 2.0F))));  // half its bytes
    spec.outputs.push_back(tensor_spec(28, {3}, testing::pack_int4({-1, 7, 3})));
    spec.outputs.push_back(tensor_spec(13, {2}, Bytes(2, std::byte{0})));  // DT_STRING: no decoding
    const auto file = dir / "Bad.short.96.0.1700000000009006";
    testing::write_bytes(file, testing::with_trailing_bytes(testing::encode_bin_dump(spec), 7));
    const auto result = convert(file, dir / "out", TensorFileType::Npy);
    CHECK(result.tensors == 2);
    REQUIRE(result.warnings.size() == 3);
    CHECK_THAT(result.warnings[0], Catch::StartsWith(file.string() + ": ") && Catch::Contains("7 bytes"));
    CHECK_THAT(result.warnings[1], Catch::StartsWith(file.string() + ": output 0 not converted: E_SIZE_MISMATCH"));
    CHECK_THAT(result.warnings[2], Catch::StartsWith(file.string() + ": output 2 not converted: E_UNSUPPORTED"));
    CHECK(fs::exists(dir / "out" / "Bad.short.96.0.1700000000009006.input.0.npy"));
    CHECK_FALSE(fs::exists(dir / "out" / "Bad.short.96.0.1700000000009006.output.0.npy"));
    const auto int4 = tensor::read_npy(dir / "out" / "Bad.short.96.0.1700000000009006.output.1.npy");
    CHECK(tensor::to_double_vector(int4) == std::vector<double>{-1, 7, 3});
}

TEST_CASE("a header that cannot be converted leaves its tensor out, a format without known unpacking is kept as stored",
          "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_layout_errors");
    BinDumpSpec spec = dump_spec("net/conv");
    // NC1HWC0 of 2 channel blocks cannot hold 33 channels.
    auto inconsistent = tensor_spec(kFloat16, {2, 2, 3, 5, 16}, Bytes(2 * 2 * 3 * 5 * 16 * 2, std::byte{1}),
                                    format_number(AscendFormat::NC1HWC0));
    inconsistent.original_shape = std::vector<std::uint64_t>{2, 33, 3, 5};
    spec.outputs.push_back(std::move(inconsistent));
    spec.outputs.push_back(tensor_spec(kInt8, {2, 3}, bytes_of(std::vector<std::int8_t>{1, 2, 3, 4, 5, 6}),
                                       format_number(AscendFormat::NHWC1C0)));
    const auto file = dir / "Conv2D.conv.1.2.1700000000002000";
    testing::write_bytes(file, testing::encode_bin_dump(spec));

    const auto result = convert(file, dir / "out", TensorFileType::Npy);
    CHECK(result.tensors == 1);
    REQUIRE(result.warnings.size() == 2);
    CHECK_THAT(result.warnings[0], Catch::StartsWith(file.string() + ": output 0: ") &&
                                       Catch::Contains("does not hold original shape") &&
                                       Catch::EndsWith("(not written)"));
    CHECK_THAT(result.warnings[1], Catch::Contains("output 1: written in its device layout"));
    CHECK_FALSE(fs::exists(dir / "out" / (file.filename().string() + ".output.0.npy")));
    const auto kept = tensor::read_npy(dir / "out" / (file.filename().string() + ".output.1.npy"));
    CHECK(kept.shape == std::vector<std::int64_t>{2, 3});

    // With a target format neither is written.
    const auto targeted = convert(file, dir / "out_f", TensorFileType::Npy, "NCHW");
    CHECK(targeted.tensors == 0);
    CHECK(targeted.warnings.size() == 2);
    CHECK_FALSE(fs::exists(dir / "out_f"));
}

TEST_CASE("op-debug files become json, digit-only names are resolved through mapping.csv", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_op_debug");
    BinDumpSpec spec = dump_spec("Node_OpDebug");
    const Bytes record = op_debug_record(7, 3, 0x10);
    spec.outputs.push_back(tensor_spec(kUInt8, {record.size()}, record));
    const auto in = dir / "in";
    fs::create_directories(in);
    testing::write_bytes(in / "1700000000123456789", testing::encode_bin_dump(spec));
    testing::write_file(in / "mapping.csv", "1700000000123456789,Opdebug.Node_OpDebug.7.3.1700000000008010\n");
    const auto result = convert(in, dir / "out", TensorFileType::Pt);
    CHECK(result.files == 1);
    CHECK(result.tensors == 0);
    CHECK(result.other_files == 1);
    const auto written = json::parse(testing::read_file_text(dir / "out" / "1700000000123456789.output.0.json"));
    CHECK(written["magic"] == "0x5a5a5a5a");
    CHECK(written["acc_list"]["acc_type"] == "AIC");
    CHECK(written["acc_list"]["data"]["task_id"] == 7);
    CHECK(written["acc_list"]["data"]["stream_id"] == 3);
    CHECK(written["acc_list"]["data"]["pc_start"] == "0x1234a000");
    CHECK(written["acc_list"]["data"]["status"] == 16);
}

TEST_CASE("output names of 255 bytes or more become UUID names listed in mapping.csv", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_long_names");
    const std::string name = "MatMul." + std::string(220, 'l') + ".61.0.1700000000006001";
    BinDumpSpec spec = dump_spec("net/long");
    spec.inputs.push_back(tensor_spec(kInt8, {1}, bytes_of(std::vector<std::int8_t>{4})));
    spec.outputs.push_back(tensor_spec(kInt8, {1}, bytes_of(std::vector<std::int8_t>{5})));
    const auto file = dir / name;
    testing::write_bytes(file, testing::encode_bin_dump(spec));
    const auto out = dir / "out";
    testing::write_file(out / "mapping.csv", "0123.npy,earlier.run.output.0.npy\n");
    const auto result = convert(file, out, TensorFileType::Npy);
    CHECK(result.tensors == 2);
    const std::string input_name = name + ".input.0.npy";
    const std::string output_name = name + ".output.0.npy";
    CHECK(testing::read_file_text(out / "mapping.csv") ==
          "0123.npy,earlier.run.output.0.npy\n" + dns_uuid3_hex(input_name) + ".npy," + input_name + "\n" +
              dns_uuid3_hex(output_name) + ".npy," + output_name + "\n");
    CHECK(tensor::to_double_vector(tensor::read_npy(out / (dns_uuid3_hex(output_name) + ".npy"))) ==
          std::vector<double>{5});
    // A second run into the same folder lists each name once.
    convert(file, out, TensorFileType::Npy);
    CHECK(testing::read_file_text(out / "mapping.csv").size() ==
          std::string("0123.npy,earlier.run.output.0.npy\n").size() + 2 * (32 + 4 + 1 + 1) + input_name.size() +
              output_name.size());
    CHECK(storable_file_name(std::string(254, 'a')) == std::string(254, 'a'));
    CHECK(storable_file_name(std::string(251, 'a') + ".npy").size() == 36);
}

TEST_CASE("the inputs are a file or a folder's own files, a missing path and an empty folder are refused",
          "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_inputs");
    CHECK_THROWS_WITH(kernel_dump_inputs(dir / "missing"),
                      "The path '" + (dir / "missing").string() +
                          "' does not exist or is not a valid file or directory. Please check the path.");
    fs::create_directories(dir / "empty");
    testing::write_file(dir / "only_mapping" / "mapping.csv", "1,A.b.1.1.1700000000000000\n");
    for (const char* folder : {"empty", "only_mapping"}) {
        CHECK_THROWS_WITH(kernel_dump_inputs(dir / folder),
                          "The directory '" + (dir / folder).string() + "' is empty or cannot be accessed.");
    }
    testing::write_file(dir / "some" / "b", "x");
    testing::write_file(dir / "some" / "a", "x");
    testing::write_file(dir / "some" / "mapping.csv", "");
    testing::write_file(dir / "some" / "nested" / "c", "x");
    CHECK(kernel_dump_inputs(dir / "some") == std::vector<fs::path>{dir / "some" / "a", dir / "some" / "b"});
    CHECK(kernel_dump_inputs(dir / "some" / "b") == std::vector<fs::path>{dir / "some" / "b"});
}

// ---------------------------------------------------------------- the shared samples

namespace {

json bin_manifest(const fs::path& root) {
    std::ifstream in(root / "manifest.json");
    return json::parse(in);
}

// The file a tensor of `sample` was written to in `out`.
fs::path converted_file(const fs::path& out, const std::string& sample, const json& tensor, TensorFileType type) {
    const std::string name = fs::path(sample).filename().string() + "." + tensor["io"].get<std::string>() + "." +
                             std::to_string(tensor["index"].get<int>()) + extension(type);
    return out / storable_file_name(name);
}

}  // namespace

TEST_CASE("every readable sample converts to its true logical values, as .npy and as .pt",
          "[fixtures][kernel_dump_convert]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const json manifest = bin_manifest(root);
    const auto dir = testing::scratch_dir("kernel_dump_convert_samples");
    for (const auto type : {TensorFileType::Npy, TensorFileType::Pt}) {
        std::size_t tensors = 0;
        for (const auto& sample : manifest["files"]) {
            if (sample["expect"] == "error" || sample.contains("decoded")) continue;
            const auto file = sample["file"].get<std::string>();
            INFO(file << extension(type));
            const auto out = dir / (fs::path(file).filename().string() + extension(type));
            const auto result = convert(root / file, out, type);
            CHECK(result.warnings.size() ==
                  (sample["expect"] == "ok_with_warning" || sample["expect"] == "ok_with_tensor_error" ? 1U : 0U));
            for (const char* io : {"inputs", "outputs"}) {
                for (const auto& tensor : sample.value(io, json::array())) {
                    const auto written = converted_file(out, file, tensor, type);
                    if (tensor.contains("expect_error")) {
                        CHECK_FALSE(fs::exists(written));
                        continue;
                    }
                    const auto truth = tensor::read_npy(root / tensor["logical_npy"].get<std::string>());
                    check_same_values(read_converted(written), truth);
                    ++tensors;
                }
            }
            for (const char* kind : {"buffers", "spaces"}) {
                for (std::size_t i = 0; i < sample.value(kind, json::array()).size(); ++i) {
                    const auto& blob = sample[kind][i];
                    const auto name = fs::path(file).filename().string() +
                                      (std::string(kind) == "buffers" ? ".l1buffer." : ".space.") + std::to_string(i) +
                                      ".bin";
                    CHECK(testing::read_file_text(out / name) ==
                          testing::read_file_text(root / blob["raw_bin"].get<std::string>()));
                }
            }
        }
        CHECK(tensors == 60);
    }
    // The long-named sample gets msprobe's UUID name.
    const auto long_out = dir / "MatMul.long";
    for (const auto& entry : fs::directory_iterator(root / "dumps")) {
        if (entry.path().filename().string().size() < 200) continue;
        convert(entry.path(), long_out, TensorFileType::Npy);
        CHECK(testing::read_file_text(long_out / "mapping.csv") ==
              testing::read_file_text(root / "expected" / "plain" / "mapping.csv"));
    }
}

TEST_CASE("a whole sample folder converts in one run", "[fixtures][kernel_dump_convert]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const auto out = testing::scratch_dir("kernel_dump_convert_folder") / "out";
    const auto result = convert(root / "dumps", out, TensorFileType::Pt);
    CHECK(result.files == 40);
    CHECK(result.warnings.empty());
    CHECK(result.tensors == 51);
    CHECK(result.other_files == 3);  // l1buffer, space, mapping.csv
    CHECK(fs::exists(out / "1700000000123456789.output.0.pt"));
}

TEST_CASE("every damaged sample the manifest calls an error fails the run and writes nothing",
          "[fixtures][kernel_dump_convert]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const auto dir = testing::scratch_dir("kernel_dump_convert_corrupt");
    std::size_t refused = 0;
    const json manifest = bin_manifest(root);
    for (const auto& sample : manifest["files"]) {
        if (sample["expect"] != "error") continue;
        const auto path = root / sample["file"].get<std::string>();
        const auto recommended = sample["recommended"].get<std::string>();
        INFO(path.string());
        try {
            convert(path, dir / "out", TensorFileType::Npy);
            FAIL("converted");
        } catch (const Error& error) {
            CHECK(error.file() == path.string());
            CHECK_THAT(error.reason(),
                       Catch::StartsWith(recommended.substr(
                           recommended.find("E_"),
                           recommended.find_first_of(" ,;.", recommended.find("E_")) - recommended.find("E_"))));
            ++refused;
        }
        CHECK_FALSE(fs::exists(dir / "out"));
    }
    CHECK(refused == 6);
    // The corrupt folder as a whole: its first damaged file stops it.
    CHECK_THROWS_AS(convert(root / "corrupt", dir / "out", TensorFileType::Npy), Error);
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("the op-debug samples become the manifest's decoded records", "[fixtures][kernel_dump_convert]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const auto out = testing::scratch_dir("kernel_dump_convert_op_debug_samples") / "out";
    convert(root / "overflow", out, TensorFileType::Npy);
    std::size_t records = 0;
    const json manifest = bin_manifest(root);
    for (const auto& sample : manifest["files"]) {
        if (!sample.contains("decoded")) continue;
        const auto name = fs::path(sample["file"].get<std::string>()).filename().string() + ".output.0.json";
        CHECK(json::parse(testing::read_file_text(out / name)) == sample["decoded"]);
        ++records;
    }
    CHECK(records == 2);
}

TEST_CASE(
    "a target format on the samples gives msprobe's arrays where msprobe is right, the true layout where it is not",
    "[fixtures][kernel_dump_convert]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    std::ifstream comparison_file(root / "expected" / "comparison.json");
    const auto comparison = json::parse(comparison_file);
    const auto dir = testing::scratch_dir("kernel_dump_convert_fmt");
    int same = 0;
    int corrected = 0;
    for (const auto& run : comparison) {
        const auto run_name = run["run"].get<std::string>();
        if (!run_name.starts_with("fmt_")) continue;
        const auto tensor_name = run["tensor"].get<std::string>();  // "<file>.<io>.<i>"
        const auto file_name = tensor_name.substr(0, tensor_name.rfind('.', tensor_name.rfind('.') - 1));
        const auto target = run_name.substr(4);
        INFO(run_name << " " << tensor_name);
        const auto out = dir / (file_name + "." + target);
        if (!fs::exists(out)) convert(root / "dumps" / file_name, out, TensorFileType::Npy, target);
        // The truth as "float16[3, 3, 19, 20]": the name carries the dims.
        const auto truth = run["truth"].get<std::string>();
        const auto dims_list = truth.substr(truth.find('[') + 1, truth.size() - truth.find('[') - 2);
        std::string dims;
        for (const char c : dims_list) {
            if (c == ',') dims += 'x';
            else if (c != ' ') dims += c;
        }
        const auto written = tensor::read_npy(out / (tensor_name + "." + dims + ".npy"));
        CHECK(std::string(tensor::numpy_name(written.dtype)) == truth.substr(0, truth.find('[')));
        if (run["verdict"] == "same") {
            const auto expected = tensor::read_npy(root / "expected" / run_name / run["file"].get<std::string>());
            check_same_values(written, expected);
            ++same;
        } else {
            ++corrected;
        }
    }
    CHECK(same == 11);
    CHECK(corrected == 12);
}

TEST_CASE("one file with more tensor slots than the limit is refused in one line, nothing written",
          "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_many_outputs");
    fs::create_directories(dir / "in");
    // 200 000 one-byte outputs would otherwise be 200 000 files.
    const auto many = dir / "in" / "B.many.2.1.1700000000000002";
    testing::write_bytes(many, testing::encode_bin_dump(testing::one_byte_outputs(200'000)));
    BinDumpSpec spec = dump_spec("net/good");
    spec.outputs.push_back(tensor_spec(kFloat, {2}, bytes_of(std::vector<float>{1, 2})));
    testing::write_bytes(dir / "in" / "A.good.1.1.1700000000000001", testing::encode_bin_dump(spec));
    try {
        convert(dir / "in", dir / "out", TensorFileType::Npy);
        FAIL("converted");
    } catch (const Error& error) {
        CHECK(error.file() == many.string());
        CHECK(error.reason() ==
              "E_LIMIT: the header lists 200000 tensors, buffers and workspaces (at most 16384 per file)");
        CHECK(error.exit_code() == kExitBadInput);
    }
    CHECK_FALSE(fs::exists(dir / "out"));
    // The file alone is refused the same way (the limit itself is read: tensor/dump_data_wire_test.cpp).
    CHECK_THROWS_AS(convert(many, dir / "out", TensorFileType::Npy), Error);
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("files stream: each is converted and dropped before its thread reads the next", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_stream");
    fs::create_directories(dir / "in");
    for (int i = 0; i < 8; ++i) {
        BinDumpSpec spec = dump_spec("net/op");
        spec.outputs.push_back(tensor_spec(kFloat, {2}, bytes_of(std::vector<float>{static_cast<float>(i), 2})));
        testing::write_bytes(dir / "in" / fmt::format("Add.op{}.{}.1.1700000000000001", i, i),
                             testing::encode_bin_dump(spec));
    }
    for (const unsigned threads : {1U, 2U}) {
        INFO(threads << " threads");
        ThreadPool pool(threads);
        const auto out = dir / fmt::format("out{}", threads);
        const auto result = convert_kernel_dumps({dir / "in", out, TensorFileType::Npy, std::nullopt}, pool);
        CHECK(result.files == 8);
        CHECK(result.tensors == 8);
        // Reading every file before writing any would hold all 8.
        CHECK(result.most_files_held >= 1);
        CHECK(result.most_files_held <= threads);
        CHECK(tensor::to_double_vector(tensor::read_npy(out / "Add.op5.5.1.1700000000000001.output.0.npy")) ==
              std::vector<double>{5, 2});
    }
}

TEST_CASE("of several damaged files the first by name is reported, whichever thread met it", "[kernel_dump_convert]") {
    const auto dir = testing::scratch_dir("kernel_dump_convert_first_failure");
    fs::create_directories(dir / "in");
    BinDumpSpec spec = dump_spec("net/good");
    spec.outputs.push_back(tensor_spec(kFloat, {2}, bytes_of(std::vector<float>{1, 2})));
    const Bytes good = testing::encode_bin_dump(spec);
    for (int i = 0; i < 6; ++i)
        testing::write_bytes(dir / "in" / fmt::format("A.good{}.1.1.17000000000000{:02}", i, i), good);
    testing::write_bytes(dir / "in" / "B.bad.2.1.1700000000000002", testing::truncated(good, 3));
    testing::write_bytes(dir / "in" / "C.bad.3.1.1700000000000003", Bytes(5, std::byte{1}));
    for (int run = 0; run < 5; ++run) {
        try {
            convert(dir / "in", dir / "out", TensorFileType::Npy);
            FAIL("converted");
        } catch (const Error& error) {
            CHECK(error.file() == (dir / "in" / "B.bad.2.1.1700000000000002").string());
        }
        CHECK_FALSE(fs::exists(dir / "out"));
    }
}
