#include "tensor/npy_reader.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;

namespace {

// A .npy file with a hand-written header (padded to 64 like numpy).
std::string raw_npy(const std::string& header, const std::string& data, int version = 1) {
    const std::size_t prefix = version == 1 ? 10 : 12;
    std::string text = header;
    text.append(63 - (prefix + text.size()) % 64, ' ');
    text += '\n';
    std::string out = "\x93NUMPY";
    out.push_back(static_cast<char>(version));
    out.push_back('\0');
    const auto length = static_cast<std::uint32_t>(text.size());
    for (std::size_t i = 0; i < prefix - 8; ++i) out.push_back(static_cast<char>((length >> (8 * i)) & 0xFF));
    return out + text + data;
}

std::string floats(const std::vector<float>& values) {
    const auto bytes = bytes_of(values);
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

std::string swapped(const std::vector<std::byte>& bytes, std::size_t width) {
    std::string out(bytes.size(), '\0');
    for (std::size_t at = 0; at < bytes.size(); at += width) {
        for (std::size_t k = 0; k < width; ++k) out[at + k] = static_cast<char>(bytes[at + width - 1 - k]);
    }
    return out;
}

struct Sample {
    DType dtype;
    std::vector<std::byte> bytes;
    std::vector<double> values;  // as to_double_vector gives them
};

std::vector<Sample> samples_of_every_dtype() {
    return {
        {DType::Float16,
         bytes_of(std::vector<std::uint16_t>{0x3C00, 0xC000, 0x7BFF, 0x0001}),
         {1.0, -2.0, 65504.0, std::ldexp(1.0, -24)}},
        {DType::Float32,
         bytes_of(std::vector<float>{1.5F, -0.25F, 3e38F, 0.0F}),
         {1.5, -0.25, static_cast<double>(3e38F), 0.0}},
        {DType::Float64, bytes_of(std::vector<double>{1e300, -1e-300, 0.1, 2.0}), {1e300, -1e-300, 0.1, 2.0}},
        {DType::Int8, bytes_of(std::vector<std::int8_t>{-128, 127, 0, -1}), {-128, 127, 0, -1}},
        {DType::Int16, bytes_of(std::vector<std::int16_t>{-32768, 32767, 1, -1}), {-32768, 32767, 1, -1}},
        {DType::Int32,
         bytes_of(std::vector<std::int32_t>{-2147483647 - 1, 2147483647, 7, -7}),
         {-2147483648.0, 2147483647.0, 7, -7}},
        {DType::Int64,
         bytes_of(std::vector<std::int64_t>{-(1LL << 53), 1LL << 53, 3, -3}),
         {-9007199254740992.0, 9007199254740992.0, 3, -3}},
        {DType::UInt8, bytes_of(std::vector<std::uint8_t>{0, 255, 128, 1}), {0, 255, 128, 1}},
        {DType::Bool, bytes_of(std::vector<std::uint8_t>{1, 0, 0, 1}), {1, 0, 0, 1}},
        {DType::Complex64, bytes_of(std::vector<float>{1, 2, -3, 4, 5, -6, 0, 0.5F}), {1, 2, -3, 4, 5, -6, 0, 0.5}},
        {DType::Complex128, bytes_of(std::vector<double>{1, 2, -3, 4, 5, -6, 0, 0.5}), {1, 2, -3, 4, 5, -6, 0, 0.5}},
    };
}

std::size_t component_width(DType dtype) {
    return dtype == DType::Complex64 ? 4 : dtype == DType::Complex128 ? 8 : dtype_size(dtype);
}

bool points_into(const TensorView& view, const std::string& file) {
    const auto* begin = reinterpret_cast<const std::byte*>(file.data());
    return view.data >= begin && view.data < begin + file.size();
}

}  // namespace

TEST_CASE("npy of every dtype reads back every value, in place", "[npy]") {
    for (const auto& sample : samples_of_every_dtype()) {
        INFO(torch_name(sample.dtype));
        const std::int64_t count = static_cast<std::int64_t>(sample.bytes.size() / dtype_size(sample.dtype));
        const auto owner =
            std::make_shared<const std::string>(npy_bytes({npy_descr(sample.dtype)}, {count}, sample.bytes));
        const auto view = read_npy(span_of(*owner), owner, "x.npy");
        REQUIRE(view.dtype == sample.dtype);
        REQUIRE(view.shape == std::vector<std::int64_t>{count});
        REQUIRE(view.strides == std::vector<std::int64_t>{1});
        REQUIRE(points_into(view, *owner));  // no copy
        REQUIRE(to_double_vector(view) == sample.values);
    }
}

TEST_CASE("big-endian npy of every dtype is swapped into an owned buffer", "[npy]") {
    for (const auto& sample : samples_of_every_dtype()) {
        INFO(torch_name(sample.dtype));
        std::string descr = npy_descr(sample.dtype);
        if (descr[0] == '<') descr[0] = '>';
        const std::int64_t count = static_cast<std::int64_t>(sample.bytes.size() / dtype_size(sample.dtype));
        const std::string data = swapped(sample.bytes, component_width(sample.dtype));
        const std::string file = npy_bytes({descr}, {count}, span_of(data));
        const auto view = read_npy_bytes(file);
        REQUIRE(view.dtype == sample.dtype);
        REQUIRE(to_double_vector(view) == sample.values);
    }
}

TEST_CASE("npy versions 2 and 3, 0-d and empty arrays", "[npy]") {
    const std::string data = floats({1, 2, 3});
    for (const int version : {1, 2, 3}) {
        const auto view = read_npy_bytes(npy_bytes({"<f4", false, version}, {3}, span_of(data)));
        REQUIRE(to_double_vector(view) == std::vector<double>{1, 2, 3});
    }
    const auto scalar = read_npy_bytes(npy_bytes({"<i8"}, {}, bytes_of(std::vector<std::int64_t>{7})));
    REQUIRE(scalar.shape.empty());
    REQUIRE(scalar.strides.empty());
    REQUIRE(scalar.numel() == 1);
    REQUIRE(to_double_vector(scalar) == std::vector<double>{7});

    const auto empty = read_npy_bytes(npy_bytes({"<f4"}, {0, 3}, {}));
    REQUIRE(empty.shape == std::vector<std::int64_t>{0, 3});
    REQUIRE(empty.numel() == 0);
    REQUIRE(to_double_vector(empty).empty());
}

TEST_CASE("npy data at an unaligned offset is copied before use", "[npy]") {
    // Header padded so the float64 data starts at byte 127.
    const std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }";
    std::string text = header + std::string(127 - 10 - header.size() - 1, ' ') + "\n";
    std::string file = "\x93NUMPY\x01";
    file.push_back('\0');
    file.push_back(static_cast<char>(text.size()));
    file.push_back('\0');
    const auto data = bytes_of(std::vector<double>{1.25, -8});
    file += text + std::string(reinterpret_cast<const char*>(data.data()), data.size());
    const auto owner = std::make_shared<const std::string>(file);
    const auto view = read_npy(span_of(*owner), owner, "odd.npy");
    REQUIRE(reinterpret_cast<std::uintptr_t>(view.data) % alignof(double) == 0);
    REQUIRE(to_double_vector(view) == std::vector<double>{1.25, -8});
}

TEST_CASE("Fortran-order npy is a column-major view of the file, not a copy", "[npy]") {
    // [[0, 1, 2], [3, 4, 5]] stored column by column.
    const auto owner =
        std::make_shared<const std::string>(npy_bytes({"<f4", true}, {2, 3}, span_of(floats({0, 3, 1, 4, 2, 5}))));
    const auto view = read_npy(span_of(*owner), owner, "f.npy");
    REQUIRE(view.shape == std::vector<std::int64_t>{2, 3});
    REQUIRE(view.strides == std::vector<std::int64_t>{1, 2});
    REQUIRE(points_into(view, *owner));
    REQUIRE(to_double_vector(view) == std::vector<double>{0, 1, 2, 3, 4, 5});

    const auto cube = read_npy_bytes(npy_bytes({"<f4", true}, {2, 2, 2}, span_of(floats({0, 4, 2, 6, 1, 5, 3, 7}))));
    REQUIRE(cube.strides == std::vector<std::int64_t>{1, 2, 4});
    REQUIRE(to_double_vector(cube) == std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7});
}

TEST_CASE("unsigned 16/32/64-bit npy are widened to int32/int64/float64", "[npy]") {
    const auto u16 = read_npy_bytes(npy_bytes({"<u2"}, {2}, bytes_of(std::vector<std::uint16_t>{65535, 1})));
    REQUIRE(u16.dtype == DType::Int32);
    REQUIRE(to_double_vector(u16) == std::vector<double>{65535, 1});
    const auto u32 = read_npy_bytes(npy_bytes({">u4"}, {1}, span_of(std::string("\xff\xff\xff\xfe", 4))));
    REQUIRE(u32.dtype == DType::Int64);
    REQUIRE(to_double_vector(u32) == std::vector<double>{4294967294.0});
    // uint64 beyond int64 must not wrap negative: float64, exact up to 2^53, rounded above.
    const auto u64 = read_npy_bytes(npy_bytes(
        {"<u8"}, {3}, bytes_of(std::vector<std::uint64_t>{10000000000000000000ULL, 18446744073709551615ULL, 7})));
    REQUIRE(u64.dtype == DType::Float64);
    REQUIRE(to_double_vector(u64) == std::vector<double>{1e19, 18446744073709551616.0, 7});
}

TEST_CASE("npy headers in every spelling writers use", "[npy]") {
    const std::string data = floats({0, 1, 2, 3, 4, 5});
    const std::vector<double> expected{0, 1, 2, 3, 4, 5};
    for (const std::string header : {
             "{'descr': '<f4', 'fortran_order': False, 'shape': (2,3,), }",  // msprobe's C++ writer
             "{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (2, 3)}",
             "{'shape': (2L, 3L), 'fortran_order': False, 'descr': '=f4'}",
             "{ 'descr' : 'f4' ,'fortran_order':False,'shape':( 2 , 3 , ) , }",
         }) {
        INFO(header);
        REQUIRE(to_double_vector(read_npy_bytes(raw_npy(header, data))) == expected);
    }
    // No newline after the header: tolerated.
    std::string unterminated = raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", floats({9}));
    unterminated[unterminated.size() - 5] = ' ';
    REQUIRE(to_double_vector(read_npy_bytes(unterminated)) == std::vector<double>{9});
}

TEST_CASE("malformed npy files are rejected with the reason", "[npy]") {
    const std::string data = floats({0, 1});
    const auto rejects = [&](const std::string& header, const char* code, const char* reason) {
        INFO(header);
        REQUIRE_THROWS_AS(read_npy_bytes(raw_npy(header, data)), Error);
        REQUIRE_THROWS_WITH(read_npy_bytes(raw_npy(header, data)),
                            Contains("memory.npy: ") && Contains(code) && Contains(reason));
    };
    rejects("{'descr': '<f4', 'fortran_order': False}", "E_BAD_HEADER", "needs the keys");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'extra': 1}", "E_BAD_HEADER",
            "unexpected key 'extra'");
    rejects("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", "E_BAD_HEADER", "duplicate key");
    rejects("{'descr': '<f4', 'fortran_order': false, 'shape': (2,)}", "E_BAD_HEADER", "True or False");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}", "E_BAD_HEADER", "negative dimension");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (2)}", "E_BAD_HEADER", "not a tuple");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': [2]}", "E_BAD_HEADER", "expected '('");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}", "E_BAD_HEADER", "64 bits");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4, 0)}", "E_BAD_HEADER",
            "overflows");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} x", "E_BAD_HEADER", "after the closing brace");
    rejects("{'descr': '<f4' 'fortran_order': False, 'shape': (2,)}", "E_BAD_HEADER", "expected ',' or '}'");
    rejects("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,)}", "E_UNSUPPORTED", "structured");
    rejects("{'descr': '|O', 'fortran_order': False, 'shape': (2,)}", "E_SECURITY", "object array");
    rejects("{'descr': '<U2', 'fortran_order': False, 'shape': (2,)}", "E_UNSUPPORTED", "strings");
    rejects("{'descr': '|V2', 'fortran_order': False, 'shape': (2,)}", "E_UNSUPPORTED", "raw void");
    rejects("{'descr': '<f16', 'fortran_order': False, 'shape': (2,)}", "E_UNSUPPORTED", "'<f16'");
    rejects("{'descr': '<f4', 'fortran_order': False, 'shape': (3,)}", "E_TRUNCATED", "8 data bytes");

    std::string bad_magic = raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", data);
    bad_magic[5] = 'Z';
    REQUIRE_THROWS_WITH(read_npy_bytes(bad_magic), Contains("E_BAD_MAGIC"));
    std::string version4 = raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", data);
    version4[6] = 4;
    REQUIRE_THROWS_WITH(read_npy_bytes(version4), Contains("E_UNSUPPORTED") && Contains("version 4.0"));
    std::string long_header = raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", data);
    long_header[8] = '\xff';
    long_header[9] = '\x7f';
    REQUIRE_THROWS_WITH(read_npy_bytes(long_header), Contains("E_BAD_HEADER") && Contains("at most 10000"));
    std::string past_end = raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", "", 2);
    past_end[10] = '\x00';
    past_end[9] = '\x20';
    REQUIRE_THROWS_WITH(read_npy_bytes(past_end), Contains("runs past the end"));
    REQUIRE_THROWS_WITH(read_npy_bytes(""), Contains("E_BAD_MAGIC"));
}

TEST_CASE("npy files truncated anywhere are rejected, never read out of bounds", "[npy][corrupt]") {
    const std::string file = npy_bytes({"<f8"}, {2, 2}, bytes_of(std::vector<double>{1, 2, 3, 4}));
    for (std::size_t size = 0; size < file.size(); ++size) {
        INFO(size);
        REQUIRE_THROWS_AS(read_npy_bytes(file.substr(0, size)), Error);
    }
}

TEST_CASE("npy reader on files: the path is named in errors", "[npy]") {
    const auto dir = scratch_dir("npy_reader_files");
    write_npy(dir / "a.npy", DType::Int16, {2}, bytes_of(std::vector<std::int16_t>{-5, 6}));
    REQUIRE(to_double_vector(read_npy(dir / "a.npy")) == std::vector<double>{-5, 6});
    write_tensor_bytes(dir / "bad.npy", "\x93NUMPX");
    REQUIRE_THROWS_WITH(read_npy(dir / "bad.npy"), Contains((dir / "bad.npy").string() + ": E_BAD_MAGIC"));
    REQUIRE_THROWS_WITH(read_npy(dir / "missing.npy"), Contains((dir / "missing.npy").string() + ": E_IO"));
}
