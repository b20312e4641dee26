// Stored elements to host elements: native data in place, byte swapping, and
// the widening of unsigned and float8 types, each value worked out from its
// bit layout.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

#include "tensor/stored_type.hpp"

using namespace msprobe::tensor;

namespace {

std::vector<std::byte> bytes(std::initializer_list<unsigned> values) {
    std::vector<std::byte> out;
    for (unsigned v : values) out.push_back(static_cast<std::byte>(v));
    return out;
}

template <class T>
std::vector<T> host_values(const std::vector<std::byte>& stored, StoredType type, ByteOrder order) {
    const HostElements host = to_host_elements(stored, type, order, nullptr);
    const std::size_t count = stored.size() / type.stored_size();
    std::vector<T> out(count);
    std::memcpy(out.data(), host.data, count * sizeof(T));
    return out;
}

std::vector<float> float8(Encoding encoding, std::initializer_list<unsigned> values) {
    return host_values<float>(bytes(values), StoredType{DType::Float32, encoding}, ByteOrder::Little);
}

}  // namespace

TEST_CASE("stored sizes and names", "[tensor][stored_type]") {
    CHECK(StoredType{DType::Float32, Encoding::Native}.stored_size() == 4);
    CHECK(StoredType{DType::Int32, Encoding::UInt16}.stored_size() == 2);
    CHECK(StoredType{DType::Int64, Encoding::UInt32}.stored_size() == 4);
    CHECK(StoredType{DType::Float32, Encoding::Float8E5M2}.stored_size() == 1);
    CHECK(StoredType{DType::Float32, Encoding::Native}.name() == "torch.float32");
    CHECK(StoredType{DType::Int32, Encoding::UInt16}.name() == "uint16");
    CHECK(StoredType{DType::Float32, Encoding::Float8E8M0FNU}.name() == "float8_e8m0fnu");
}

TEST_CASE("native little-endian data is used in place, big-endian data is swapped", "[tensor][stored_type]") {
    const std::vector<float> values = {1.5f, -2.0f};
    std::vector<std::byte> stored(sizeof(float) * values.size());
    std::memcpy(stored.data(), values.data(), stored.size());
    const HostElements host =
        to_host_elements(stored, StoredType{DType::Float32, Encoding::Native}, ByteOrder::Little, nullptr);
    CHECK(host.data == stored.data());

    CHECK(host_values<std::int16_t>(bytes({0x01, 0x02, 0xFF, 0xFE}), StoredType{DType::Int16, Encoding::Native},
                                    ByteOrder::Big) == std::vector<std::int16_t>{0x0102, -2});
}

TEST_CASE("unsigned types widen to the next signed type", "[tensor][stored_type]") {
    CHECK(host_values<std::int32_t>(bytes({0xFF, 0xFF, 0x01, 0x00}), StoredType{DType::Int32, Encoding::UInt16},
                                    ByteOrder::Little) == std::vector<std::int32_t>{65535, 1});
    CHECK(host_values<std::int64_t>(bytes({0xFF, 0xFF, 0xFF, 0xFF}), StoredType{DType::Int64, Encoding::UInt32},
                                    ByteOrder::Little) == std::vector<std::int64_t>{4294967295});
    CHECK(host_values<std::int32_t>(bytes({0x80, 0x00}), StoredType{DType::Int32, Encoding::UInt16}, ByteOrder::Big) ==
          std::vector<std::int32_t>{32768});
}

TEST_CASE("float8 kinds widen to float32", "[tensor][stored_type]") {
    // e4m3fn: bias 7, no infinity, S.1111.111 is NaN.
    const auto e4m3 = float8(Encoding::Float8E4M3FN, {0x38, 0xB8, 0x7E, 0x01, 0x00, 0x7F});
    CHECK(e4m3[0] == 1.0f);
    CHECK(e4m3[1] == -1.0f);
    CHECK(e4m3[2] == 448.0f);    // 2^8 * 1.75, the largest value
    CHECK(e4m3[3] == 0x1p-9f);   // the smallest subnormal, 2^-6 * 1/8
    CHECK(e4m3[4] == 0.0f);
    CHECK(std::isnan(e4m3[5]));
    // e5m2: bias 15, IEEE-like with infinities.
    const auto e5m2 = float8(Encoding::Float8E5M2, {0x3C, 0x7B, 0x7C, 0xFC});
    CHECK(e5m2[0] == 1.0f);
    CHECK(e5m2[1] == 57344.0f);  // 2^15 * 1.75
    CHECK(e5m2[2] == INFINITY);
    CHECK(e5m2[3] == -INFINITY);
    // The FNUZ kinds: bias 8 and 16, 0x80 is their only NaN.
    const auto e4m3fnuz = float8(Encoding::Float8E4M3FNUZ, {0x40, 0x80});
    CHECK(e4m3fnuz[0] == 1.0f);
    CHECK(std::isnan(e4m3fnuz[1]));
    const auto e5m2fnuz = float8(Encoding::Float8E5M2FNUZ, {0x40, 0x80});
    CHECK(e5m2fnuz[0] == 1.0f);
    CHECK(std::isnan(e5m2fnuz[1]));
    // e8m0fnu: a bare exponent with bias 127; 0xFF is NaN.
    const auto e8m0 = float8(Encoding::Float8E8M0FNU, {127, 128, 0, 0xFF});
    CHECK(e8m0[0] == 1.0f);
    CHECK(e8m0[1] == 2.0f);
    CHECK(e8m0[2] == 0x1p-127f);
    CHECK(std::isnan(e8m0[3]));
}

TEST_CASE("sub-byte kinds count bits, every element of every byte is unpacked", "[tensor][stored_type]") {
    const StoredType int4{DType::Int8, Encoding::Int4};
    const StoredType uint1{DType::UInt8, Encoding::UInt1};
    CHECK(int4.stored_bits() == 4);
    CHECK(int4.stored_bytes(7) == 4);
    CHECK(uint1.stored_bytes(9) == 2);
    CHECK(uint1.stored_bytes(std::int64_t{1} << 62) == std::int64_t{1} << 59);
    CHECK_FALSE(StoredType{DType::Float64}.stored_bytes(std::int64_t{1} << 61));
    CHECK(int4.name() == "int4");
    CHECK(host_values<std::int8_t>(bytes({0x78, 0xF0}), int4, ByteOrder::Little) ==
          std::vector<std::int8_t>{-8, 7});  // only the first two of four read back here
    const HostElements bits = to_host_elements(bytes({0xA1}), uint1, ByteOrder::Little, nullptr);
    std::vector<std::uint8_t> unpacked(8);
    std::memcpy(unpacked.data(), bits.data, 8);
    CHECK(unpacked == std::vector<std::uint8_t>{1, 0, 1, 0, 0, 0, 0, 1});
}

TEST_CASE("uint64 widens to float64, complex32 to complex64, HiFloat8 to float32", "[tensor][stored_type]") {
    CHECK(host_values<double>(bytes({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}),
                              StoredType{DType::Float64, Encoding::UInt64}, ByteOrder::Little) ==
          std::vector<double>{18446744073709551616.0});
    CHECK(host_values<std::complex<float>>(bytes({0x00, 0x3C, 0x00, 0xC0}),
                                           StoredType{DType::Complex64, Encoding::Complex32}, ByteOrder::Little) ==
          std::vector<std::complex<float>>{{1.0f, -2.0f}});
    const auto hif8 = float8(Encoding::HiFloat8, {0x2B, 0x10, 0x08, 0x07, 0x6F, 0x80});
    CHECK(hif8[0] == 11.0f);
    CHECK(hif8[1] == 2.0f);
    CHECK(hif8[2] == 1.0f);
    CHECK(hif8[3] == 0x1p-16f);
    CHECK(hif8[4] == INFINITY);
    CHECK(std::isnan(hif8[5]));
}

TEST_CASE("no encoding widens a stored byte to more than kMaxWidening bytes", "[tensor][stored_type]") {
    std::size_t widest = 0;
    for (const auto encoding : {Encoding::Native, Encoding::UInt16, Encoding::UInt32, Encoding::Float8E4M3FN,
                                Encoding::Float8E5M2, Encoding::Float8E4M3FNUZ, Encoding::Float8E5M2FNUZ,
                                Encoding::Float8E8M0FNU, Encoding::HiFloat8, Encoding::UInt64, Encoding::Int4,
                                Encoding::UInt1, Encoding::Complex32}) {
        const DType host = encoding == Encoding::UInt16 ? DType::Int32
                           : encoding == Encoding::UInt32 ? DType::Int64
                           : encoding == Encoding::UInt64 ? DType::Float64
                           : encoding == Encoding::Int4   ? DType::Int8
                           : encoding == Encoding::UInt1  ? DType::UInt8
                           : encoding == Encoding::Complex32 ? DType::Complex64
                           : encoding == Encoding::Native   ? DType::Float32
                                                            : DType::Float32;
        const StoredType type{host, encoding};
        // Host bits per stored bit.
        widest = std::max(widest, dtype_size(host) * 8 / type.stored_bits());
    }
    CHECK(widest == kMaxWidening);
}
