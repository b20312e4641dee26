#include "kernel_dump_compare/format_converters.hpp"

#include <catch2/catch.hpp>

#include <cstring>

#include "support/device_layout_packer.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
using tensor::AscendFormat;

namespace {

// A logical float32 array packed by the test packer into `format`: the device shape and values as floats.
std::pair<std::vector<std::int64_t>, std::vector<float>> packed(const std::vector<float>& logical,
                                                                const std::vector<std::int64_t>& shape,
                                                                AscendFormat format) {
    const auto bytes = std::as_bytes(std::span(logical));
    const testing::PackedTensor p = testing::pack_device_layout(bytes, 4, format, shape, {}, std::byte{0});
    std::vector<float> values(p.bytes.size() / 4);
    std::memcpy(values.data(), p.bytes.data(), p.bytes.size());
    return {p.device_shape, values};
}

std::vector<float> iota(std::size_t n) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i + 1);
    return v;
}

}  // namespace

// The converters of format_manager/builtin_format_convert, checked against the packer's index formulas.
TEST_CASE("format converters: NC1HWC0 to NCHW keeps the padded channels", "[kernel_dump_compare]") {
    const std::vector<std::int64_t> shape = {2, 3, 2, 2};
    const auto logical = iota(24);
    const auto [device, values] = packed(logical, shape, AscendFormat::NC1HWC0);
    const auto nchw = convert_format(AscendFormat::NC1HWC0, AscendFormat::NCHW, device, shape, values, "t");
    REQUIRE(nchw);
    CHECK(nchw->shape == std::vector<std::int64_t>{2, 16, 2, 2});  // C1*C0 channels, as convert_NC1HWC0_to_NCHW
    const FloatArray real = cropped(*nchw, std::vector<std::int64_t>{2, 3, 2, 2});
    CHECK(real.values == logical);
    const auto nhwc = convert_format(AscendFormat::NC1HWC0, AscendFormat::NHWC, device, shape, values, "t");
    REQUIRE(nhwc);
    CHECK(nhwc->shape == std::vector<std::int64_t>{2, 2, 2, 16});
    CHECK(nhwc->values[1] == logical[4]);  // n0 h0 w0 c1 = NCHW element (0,1,0,0)
}

TEST_CASE("format converters: FRACTAL_NZ to ND and FRACTAL_Z to NCHW cut their padding", "[kernel_dump_compare]") {
    const std::vector<std::int64_t> matrix = {2, 17, 5};
    const auto logical = iota(170);
    const auto [device, values] = packed(logical, matrix, AscendFormat::FRACTAL_NZ);
    const auto nd = convert_format(AscendFormat::FRACTAL_NZ, AscendFormat::ND, device, matrix, values, "t");
    REQUIRE(nd);
    CHECK(nd->shape == std::vector<std::int64_t>{2, 17, 5});  // batch dims folded into one
    CHECK(nd->values == logical);

    const std::vector<std::int64_t> weight = {20, 3, 2, 2};
    const auto w = iota(240);
    const auto [z_device, z_values] = packed(w, weight, AscendFormat::FRACTAL_Z);
    const auto nchw = convert_format(AscendFormat::FRACTAL_Z, AscendFormat::NCHW, z_device, weight, z_values, "t");
    REQUIRE(nchw);
    CHECK(nchw->shape == weight);
    CHECK(nchw->values == w);
}

TEST_CASE("format converters: plain transposes, and pairs msaccucmp has no converter for", "[kernel_dump_compare]") {
    const std::vector<std::int64_t> nhwc_shape = {1, 2, 3, 4};
    const auto values = iota(24);
    const auto nchw = convert_format(AscendFormat::NHWC, AscendFormat::NCHW, nhwc_shape, {}, values, "t");
    REQUIRE(nchw);
    CHECK(nchw->shape == std::vector<std::int64_t>{1, 4, 2, 3});
    CHECK(nchw->values[1] == values[4]);  // (n0, c0, h0, w1) = NHWC (0, 0, 1, 0)
    CHECK_FALSE(has_converter(AscendFormat::C1HWNCoC0, AscendFormat::NCHW));
    CHECK_FALSE(convert_format(AscendFormat::ND, AscendFormat::NCHW, nhwc_shape, {}, values, "t"));
}

TEST_CASE("format converters: NDC1HWC0 to NCDHW and HWCN to NCHW", "[kernel_dump_compare]") {
    const std::vector<std::int64_t> volume = {1, 2, 3, 2, 2};  // N C D H W
    const auto logical = iota(24);
    const auto [device, values] = packed(logical, volume, AscendFormat::NDC1HWC0);
    const auto ncdhw = convert_format(AscendFormat::NDC1HWC0, AscendFormat::NCDHW, device, volume, values, "t");
    REQUIRE(ncdhw);
    CHECK(ncdhw->shape == volume);  // convert_NDC1HWC0_to_NCDHW cuts the padded channels itself
    CHECK(ncdhw->values == logical);

    // HWCN (2, 3, 4, 5) to NCHW: element (n, c, h, w) is HWCN (h, w, c, n).
    const std::vector<std::int64_t> hwcn = {2, 3, 4, 5};
    const auto v = iota(120);
    const auto nchw = convert_format(AscendFormat::HWCN, AscendFormat::NCHW, hwcn, {}, v, "t");
    REQUIRE(nchw);
    CHECK(nchw->shape == std::vector<std::int64_t>{5, 4, 2, 3});
    const auto at = [&](std::int64_t n, std::int64_t c, std::int64_t h, std::int64_t w) {
        return nchw->values[static_cast<std::size_t>(((n * 4 + c) * 2 + h) * 3 + w)];
    };
    CHECK(at(1, 2, 1, 0) == v[static_cast<std::size_t>(((1 * 3 + 0) * 4 + 2) * 5 + 1)]);
    CHECK(at(4, 3, 0, 2) == v[static_cast<std::size_t>(((0 * 3 + 2) * 4 + 3) * 5 + 4)]);
}
