// Round trips through the .bin writer: every decodable element type with odd
// sizes and its awkward values, 0-d and empty tensors, per-tensor failures
// that leave the rest readable, FFTS+ slices, and the nano and legacy containers.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

#include "bin_test_support.hpp"
#include "tensor/stored_type.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;
using Catch::Matchers::StartsWith;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

std::vector<double> output_values(const BinDumpSpec& spec, std::size_t index = 0) {
    const auto dump = read_bin_bytes(encode_bin_dump(spec));
    return to_double_vector(dump.outputs.at(index).view());
}

// Equal element for element, NaN equal to NaN, -0 told from +0.
bool same(const std::vector<double>& got, const std::vector<double>& want) {
    if (got.size() != want.size()) return false;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::isnan(got[i]) != std::isnan(want[i])) return false;
        if (!std::isnan(got[i]) && (got[i] != want[i] || std::signbit(got[i]) != std::signbit(want[i]))) return false;
    }
    return true;
}

template <class T>
void check_round_trip(std::int32_t data_type, DType dtype, const std::vector<T>& values) {
    INFO("data type " << data_type);
    const auto spec = one_output(data_type, {values.size()}, bytes_of(values));
    const auto dump = read_bin_bytes(encode_bin_dump(spec));
    const auto& view = dump.outputs.at(0).view();
    CHECK(view.dtype == dtype);
    CHECK(view.shape == std::vector<std::int64_t>{static_cast<std::int64_t>(values.size())});
    std::vector<double> want;
    for (const T value : values) want.push_back(static_cast<double>(value));
    CHECK(same(to_double_vector(view), want));
}

}  // namespace

TEST_CASE("every whole-byte integer type reads back, odd sizes and extremes", "[bin_dump]") {
    check_round_trip<std::int8_t>(3, DType::Int8, {-128, 127, 0, -1, 5});
    check_round_trip<std::uint8_t>(4, DType::UInt8, {0, 255, 7});
    check_round_trip<std::int16_t>(5, DType::Int16, {-32768, 32767, 1});
    check_round_trip<std::uint16_t>(6, DType::Int32, {65535, 0, 3});
    check_round_trip<std::int32_t>(7, DType::Int32, {std::numeric_limits<std::int32_t>::min(), 2147483647, 0});
    check_round_trip<std::int64_t>(8, DType::Int64, {-(std::int64_t{1} << 53), 1, 0});
    check_round_trip<std::uint32_t>(9, DType::Int64, {4294967295U, 0, 17});
    check_round_trip<std::int8_t>(18, DType::Int8, {-3, 3, 9});             // DT_QINT8
    check_round_trip<std::int16_t>(19, DType::Int16, {-300});               // DT_QINT16
    check_round_trip<std::int32_t>(20, DType::Int32, {-70000, 1, 2});       // DT_QINT32
    check_round_trip<std::uint8_t>(21, DType::UInt8, {200});                // DT_QUINT8
    check_round_trip<std::uint16_t>(22, DType::Int32, {60000, 1, 2, 3, 4}); // DT_QUINT16
    check_round_trip<std::int64_t>(23, DType::Int64, {123456789012345});    // DT_RESOURCE
}

TEST_CASE("uint64 widens to float64 without wrapping", "[bin_dump]") {
    const std::vector<std::uint64_t> values{0, 9, 10000000000000000000ULL, 18446744073709551615ULL, 1};
    const auto dump = read_bin_bytes(encode_bin_dump(one_output(10, {5}, bytes_of(values))));
    CHECK(dump.outputs[0].view().dtype == DType::Float64);
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{0, 9, 1e19, 18446744073709551616.0, 1});
}

TEST_CASE("IEEE floats keep signed zeros, infinities, NaN and subnormals", "[bin_dump]") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float tiny = std::numeric_limits<float>::denorm_min();
    check_round_trip<float>(1, DType::Float32, {0.0F, -0.0F, INFINITY, -INFINITY, nan, tiny, -tiny, 1.5F, 3e38F});
    const double dtiny = std::numeric_limits<double>::denorm_min();
    check_round_trip<double>(12, DType::Float64, {-0.0, inf, -inf, std::nan(""), dtiny, 1e308, 0.1});
    // float16 bits: +0, -0, inf, -inf, NaN, smallest subnormal, 1.0
    const std::vector<std::uint16_t> half{0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x3C00};
    CHECK(same(output_values(one_output(2, {7}, bytes_of(half))),
               {0.0, -0.0, inf, -inf, NAN, std::ldexp(1.0, -24), 1.0}));
    // bfloat16 bits: 3.140625, the smallest subnormal, NaN, -0, -inf
    const std::vector<std::uint16_t> bf16{0x4049, 0x0001, 0x7FC0, 0x8000, 0xFF80};
    CHECK(same(output_values(one_output(27, {5}, bytes_of(bf16))),
               {3.140625, static_cast<double>(std::ldexp(1.0F, -133)), NAN, -0.0, -inf}));
}

TEST_CASE("complex types read as real and imaginary parts", "[bin_dump]") {
    const std::vector<std::complex<float>> c64{{1.5F, -2.0F}, {-0.0F, INFINITY}, {3, 4}};
    CHECK(same(output_values(one_output(16, {3}, bytes_of(c64))), {1.5, -2.0, -0.0, inf, 3, 4}));
    const std::vector<std::complex<double>> c128{{0.1, -0.2}};
    CHECK(same(output_values(one_output(17, {1}, bytes_of(c128))), {0.1, -0.2}));
    // complex32: two float16 (1.0, -2.0), (inf, NaN), widened to complex64
    const std::vector<std::uint16_t> c32{0x3C00, 0xC000, 0x7C00, 0x7E00};
    const auto dump = read_bin_bytes(encode_bin_dump(one_output(32, {2}, bytes_of(c32))));
    CHECK(dump.outputs[0].view().dtype == DType::Complex64);
    CHECK(same(to_double_vector(dump.outputs[0].view()), {1.0, -2.0, inf, NAN}));
}

TEST_CASE("8-bit floats widen to float32 by their own definitions", "[bin_dump]") {
    // e5m2: 0, -0, 1.0, -3.0, max 57344, inf, NaN, 2^-16
    CHECK(same(output_values(one_output(34, {8}, bytes_of_codes({0x00, 0x80, 0x3C, 0xC2, 0x7B, 0x7C, 0x7E, 0x01}))),
               {0, -0.0, 1, -3, 57344, inf, NAN, std::ldexp(1.0, -16)}));
    // e4m3fn: 0x7E is the largest finite value, 0x7F and 0xFF are NaN (not 480)
    CHECK(same(output_values(one_output(35, {5}, bytes_of_codes({0x7E, 0x7F, 0xFF, 0x01, 0xFE}))),
               {448, NAN, NAN, std::ldexp(1.0, -9), -448}));
    // HiFloat8: every dot-field width, a denormal, the specials
    CHECK(
        same(output_values(one_output(33, {9}, bytes_of_codes({0x2B, 0x10, 0x08, 0x07, 0xC5, 0x6F, 0xEF, 0x80, 0x00}))),
             {11, 2, 1, std::ldexp(1.0, -16), -40, inf, -inf, NAN, 0}));
    // e8m0: 2^(b-127), 0xFF NaN
    CHECK(same(output_values(one_output(36, {3}, bytes_of_codes({127, 130, 0xFF}))), {1, 8, NAN}));
}

TEST_CASE("int4 unpacks low nibble first, with an odd count", "[bin_dump]") {
    const std::vector<int> values{-8, -1, 0, 1, 7, 3, -5};
    const auto dump = read_bin_bytes(encode_bin_dump(one_output(28, {7}, pack_int4(values))));
    CHECK(dump.header.outputs[0].size == 4);
    CHECK(dump.outputs[0].view().dtype == DType::Int8);
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{-8, -1, 0, 1, 7, 3, -5});
}

TEST_CASE("uint1 unpacks most significant bit first, the shape counts bits", "[bin_dump]") {
    const auto dump = read_bin_bytes(encode_bin_dump(one_output(29, {11}, bytes_of_codes({0xB0, 0xE0}))));
    CHECK(dump.outputs[0].view().dtype == DType::UInt8);
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{1, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1});
}

TEST_CASE("raw bytes and bool keep the header's shape", "[bin_dump]") {
    const auto raw = read_bin_bytes(encode_bin_dump(one_output(0, {2, 3}, bytes_of_codes({1, 2, 0xFF, 4, 5, 0x80}))));
    CHECK(raw.outputs[0].view().shape == std::vector<std::int64_t>{2, 3});
    CHECK(to_double_vector(raw.outputs[0].view()) == std::vector<double>{1, 2, -1, 4, 5, -128});
    const auto flags = read_bin_bytes(encode_bin_dump(one_output(11, {3}, bytes_of_codes({1, 0, 1}))));
    CHECK(flags.outputs[0].view().dtype == DType::Bool);
    CHECK(to_double_vector(flags.outputs[0].view()) == std::vector<double>{1, 0, 1});
}

TEST_CASE("a 0-d tensor has shape () and an empty one reads no bytes", "[bin_dump]") {
    auto spec = one_output(1, {}, bytes_of(std::vector<float>{3.5F}));
    spec.outputs.push_back(tensor_spec(1, {0, 3}));
    const auto dump = read_bin_bytes(encode_bin_dump(spec));
    CHECK(dump.outputs[0].view().shape.empty());
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{3.5});
    CHECK(dump.outputs[1].view().shape == std::vector<std::int64_t>{0, 3});
    CHECK(dump.outputs[1].view().dtype == DType::Float32);
    CHECK(dump.outputs[1].view().numel() == 0);
}

TEST_CASE("a blob longer than its shape uses the leading bytes", "[bin_dump]") {
    const auto dump = read_bin_bytes(encode_bin_dump(one_output(7, {2}, bytes_of(std::vector<std::int32_t>{4, 5, 6}))));
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{4, 5});
}

TEST_CASE("a short or undecodable tensor fails alone, the others are read", "[bin_dump]") {
    auto spec = one_output(1, {4, 4}, bytes_of(std::vector<float>(3, 1.0F)));  // 12 bytes for 16 floats
    spec.outputs.push_back(tensor_spec(13, {2}, bytes_of_codes({1, 2})));   // DT_STRING
    spec.outputs.push_back(tensor_spec(39, {2}, bytes_of_codes({0x12})));   // DT_FLOAT4_E2M1
    spec.outputs.push_back(tensor_spec(77, {1}, bytes_of_codes({0})));      // unknown number
    spec.inputs.push_back(tensor_spec(4, {3}, bytes_of_codes({7, 8, 9})));
    const auto dump = read_bin_bytes(encode_bin_dump(spec));
    CHECK(to_double_vector(dump.inputs[0].view()) == std::vector<double>{7, 8, 9});
    REQUIRE(dump.outputs[0].error);
    CHECK(dump.outputs[0].error->file() == kDumpName);
    CHECK_THAT(dump.outputs[0].error->reason(),
               StartsWith("E_SIZE_MISMATCH: output 0: shape (4, 4) of DT_FLOAT needs 64 bytes"));
    CHECK_THROWS_AS(dump.outputs[0].view(), Error);
    CHECK_THAT(dump.outputs[1].error->reason(), StartsWith("E_UNSUPPORTED_DTYPE: output 1: data type 13 (DT_STRING)"));
    CHECK_THAT(dump.outputs[2].error->reason(),
               StartsWith("E_UNSUPPORTED_DTYPE: output 2: data type 39 (DT_FLOAT4_E2M1)"));
    CHECK_THAT(dump.outputs[3].error->reason(), StartsWith("E_UNSUPPORTED_DTYPE: output 3: data type 77 (DT_77)"));
    CHECK(dump.header.outputs[3].data_type == 77);
}

TEST_CASE("an FFTS+ auto-split thread file has its slice's shape", "[bin_dump]") {
    const std::string attr = R"({"threadMode":1,"slice_instance_num":2,"outputCutList":[[2,1]],)"
                             R"("input_tensor_slice":[[[{"lower":0,"higher":2},{"lower":0,"higher":3}]],)"
                             R"([[{"lower":2,"higher":3},{"lower":0,"higher":3}]]],)"
                             R"("output_tensor_slice":[[[{"lower":0,"higher":2},{"lower":0,"higher":3}]],)"
                             R"([[{"lower":2,"higher":3},{"lower":0,"higher":3}]]]})";
    auto spec = one_output(1, {3, 3}, bytes_of(std::vector<float>{1, 2, 3}));
    spec.inputs.push_back(tensor_spec(1, {3, 3}, bytes_of(std::vector<float>{4, 5, 6})));
    spec.attrs.emplace_back("_ffts_attr", attr);
    const auto dump = read_bin_bytes(encode_bin_dump(spec), "Mul.ffts_mul.4.9.1700000000005000.4.2.1.0");
    CHECK(dump.header.outputs[0].shape == std::vector<std::int64_t>{3, 3});
    CHECK(dump.outputs[0].view().shape == std::vector<std::int64_t>{1, 3});
    CHECK(to_double_vector(dump.inputs[0].view()) == std::vector<double>{4, 5, 6});
    // Thread 0's slice needs 6 floats; this file holds 3.
    const auto thread0 = read_bin_bytes(encode_bin_dump(spec), "Mul.ffts_mul.4.9.1700000000005000.4.2.0.0");
    CHECK_THAT(thread0.outputs[0].error->reason(), StartsWith("E_SIZE_MISMATCH"));
    // Without a thread id in the name there is no slice to pick.
    const auto unnamed = read_bin_bytes(encode_bin_dump(spec), "Mul.ffts_mul.4.9.1700000000005000");
    CHECK_THAT(unnamed.outputs[0].error->reason(), StartsWith("E_BAD_NAME"));
    // A first attribute that is not JSON, or has no threadMode, is no FFTS+ description.
    spec.attrs[0].second = "hello";
    // (so the header's shape applies, which these 3 floats do not fill)
    const auto plain = read_bin_bytes(encode_bin_dump(spec), "Mul.ffts_mul.4.9.1700000000005000.4.2.1.0");
    CHECK_THAT(plain.outputs[0].error->reason(), Catch::Contains("shape (3, 3) of DT_FLOAT"));
}

TEST_CASE("an FFTS+ slice list without every tensor is a shape mismatch", "[bin_dump]") {
    auto spec = one_output(1, {2}, bytes_of(std::vector<float>{1, 2}));
    spec.attrs.emplace_back("_ffts_attr", R"({"threadMode":true,"output_tensor_slice":[[]]})");
    const auto dump = read_bin_bytes(encode_bin_dump(spec), "Mul.ffts_mul.4.9.1700000000005000.4.2.0.0");
    CHECK_THAT(dump.outputs[0].error->reason(), StartsWith("E_SHAPE_MISMATCH"));
}

TEST_CASE("header fields, buffers and workspaces read back", "[bin_dump]") {
    auto spec = one_output(2, {1, 1, 2, 2, 16}, Bytes(128, std::byte{0}));
    spec.outputs[0].format = 3;
    spec.outputs[0].original_shape = std::vector<std::uint64_t>{1, 3, 2, 2};
    spec.outputs[0].origin_name = "add_orig";
    spec.version = "2.1";
    spec.buffers.push_back({0, bytes_of_codes({1, 2, 3})});
    spec.spaces.push_back({0, bytes_of_codes({'l', 'o', 'g', 0})});
    spec.inputs.push_back(tensor_spec(1, {1}, bytes_of(std::vector<float>{2}), 0));
    const auto dump = read_bin_bytes(encode_bin_dump(spec));
    CHECK(dump.container == BinContainerKind::Protobuf);
    CHECK(dump.header.version == "2.1");
    CHECK(dump.header.op_name == "net/add");
    CHECK(dump.header.dump_time == 1700000000003000U);
    CHECK(dump.header.outputs[0].format == 3);
    CHECK(dump.header.outputs[0].original_shape == std::vector<std::int64_t>{1, 3, 2, 2});
    CHECK(dump.header.outputs[0].original_op->name == "add_orig");
    CHECK(dump.outputs[0].view().shape == std::vector<std::int64_t>{1, 1, 2, 2, 16});
    CHECK(dump.header.inputs[0].format == 0);
    CHECK(to_double_vector(dump.inputs[0].view()) == std::vector<double>{2});
    REQUIRE(dump.buffers.size() == 1);
    CHECK(dump.buffers[0].size() == 3);
    CHECK(std::to_integer<int>(dump.buffers[0][2]) == 3);
    CHECK(std::string(reinterpret_cast<const char*>(dump.spaces[0].data()), 3) == "log");
    CHECK(dump.warnings.empty());
    REQUIRE(dump.parsed_name);
    CHECK(dump.parsed_name->op_name == "net_add");
}

TEST_CASE("nano containers read back, op name and time from the file name", "[bin_dump]") {
    auto spec = one_output(1, {2, 3}, bytes_of(std::vector<float>{1, 2, 3, 4, 5, 6}));
    spec.outputs[0].origin_name = "AddN";
    spec.inputs.push_back(tensor_spec(2, {3}, bytes_of(std::vector<std::uint16_t>{0x3C00, 0, 0x8000})));
    spec.inputs.push_back(tensor_spec(7, {}, bytes_of(std::vector<std::int32_t>{-6})));
    const auto dump = read_bin_bytes(encode_nano_bin_dump(spec), "AddN.nano_addn.3.0.1700000000007000");
    CHECK(dump.container == BinContainerKind::Nano);
    CHECK(dump.header.op_name == "nano_addn");
    CHECK(dump.header.dump_time == 1700000000007000U);
    CHECK(dump.header.outputs[0].original_op->name == "AddN");
    CHECK(dump.header.outputs[0].nano_data_type == 0);
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{1, 2, 3, 4, 5, 6});
    CHECK(same(to_double_vector(dump.inputs[0].view()), {1, 0, -0.0}));
    CHECK(dump.inputs[1].view().shape.empty());
    CHECK(to_double_vector(dump.inputs[1].view()) == std::vector<double>{-6});
}

TEST_CASE("a nano type without a kernel-dump equivalent fails its tensor", "[bin_dump]") {
    auto spec = one_output(1, {1}, bytes_of(std::vector<float>{1}));
    spec.outputs[0].nano_data_type = 29;  // INT4 in the nano numbering: unsupported there
    const auto dump = read_bin_bytes(encode_nano_bin_dump(spec));
    CHECK_THAT(dump.outputs[0].error->reason(), StartsWith("E_UNSUPPORTED_DTYPE: output 0: nano data type 29"));
}

TEST_CASE("the legacy layout reads its inline tensors when asked to", "[bin_dump]") {
    auto spec = one_output(3, {3}, bytes_of_codes({1, 0xFF, 2}));
    spec.inputs.push_back(tensor_spec(1, {1, 3}, bytes_of(std::vector<float>{2.5F, -1, 0})));
    const auto bytes = encode_legacy_bin_dump(spec);
    const auto dump = read_bin_bytes(bytes, kDumpName, {.legacy_layout = true});
    CHECK(dump.container == BinContainerKind::Legacy);
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{1, -1, 2});
    CHECK(to_double_vector(dump.inputs[0].view()) == std::vector<double>{2.5, -1, 0});
    CHECK_THROWS_WITH(read_bin_bytes(bytes), StartsWith("E_BAD_HEADER") || Catch::Contains("E_BAD_HEADER"));
}

TEST_CASE("the copies a read makes are the widened tensors, at most kMaxWidening times the file", "[bin_dump]") {
    // float32 is used in place: no copy.
    CHECK(read_bin_bytes(encode_bin_dump(one_output(1, {2}, bytes_of(std::vector<float>{1, 2})))).decoded_bytes == 0);
    // uint1, the widest widening: 64 blobs of one byte, eight uint8 elements each.
    BinDumpSpec spec;
    spec.op_name = "net/bits";
    for (int i = 0; i < 64; ++i) spec.outputs.push_back(tensor_spec(29, {8}, pack_uint1({1, 0, 1, 0, 1, 0, 1, 1})));
    const Bytes bytes = encode_bin_dump(spec);
    const auto dump = read_bin_bytes(bytes);
    CHECK(dump.decoded_bytes == 64 * 8);
    CHECK(dump.decoded_bytes <= kMaxWidening * bytes.size());
    // HiFloat8 widens to float32: four bytes a byte.
    const auto hif8 = read_bin_bytes(encode_bin_dump(one_output(33, {3}, bytes_of_codes({0, 1, 2}))));
    CHECK(hif8.decoded_bytes == 12);
}
