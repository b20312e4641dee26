#include "tensor/ascend_format.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using Catch::Contains;

TEST_CASE("a header's raw format number casts to the format of that value") {
    CHECK(static_cast<AscendFormat>(std::int32_t{0}) == AscendFormat::NCHW);
    CHECK(static_cast<AscendFormat>(std::int32_t{3}) == AscendFormat::NC1HWC0);
    CHECK(static_cast<AscendFormat>(std::int32_t{25}) == AscendFormat::C1HWNCoC0);
    CHECK(static_cast<AscendFormat>(std::int32_t{29}) == AscendFormat::FRACTAL_NZ);
    CHECK(static_cast<AscendFormat>(std::int32_t{33}) == AscendFormat::FRACTAL_Z_3D);
    CHECK(static_cast<AscendFormat>(std::int32_t{255}) == AscendFormat::MAX);
    CHECK(is_known_format(static_cast<AscendFormat>(49)));
    CHECK_FALSE(is_known_format(static_cast<AscendFormat>(50)));
    CHECK_FALSE(is_known_format(static_cast<AscendFormat>(-1)));
}

TEST_CASE("formats are spelled in file names as msprobe spells them") {
    CHECK(format_file_name(AscendFormat::ND) == "ND");
    CHECK(format_file_name(AscendFormat::NC1HWC0_C04) == "NC1HWC0_C04");
    CHECK(format_file_name(AscendFormat::FRACTAL_DECONV_SP_STRIDE8_TRANS) == "DECONV_SP_STRIDE8_TRANS");
    CHECK(format_file_name(AscendFormat::HASHTABLE_LOOKUP_HITS) == "LOOKUP_HITS");
    CHECK(format_file_name(AscendFormat::NULL_FORMAT) == "NULL");
    for (const auto unspelled : {AscendFormat::FRACTAL_ZZ, AscendFormat::NC, AscendFormat::NCL,
                                 AscendFormat::FRACTAL_Z_WINO, AscendFormat::C1HWC0}) {
        CHECK_FALSE(format_file_name(unspelled).has_value());
    }
    CHECK_FALSE(format_file_name(static_cast<AscendFormat>(77)).has_value());
    CHECK(format_label(AscendFormat::FRACTAL_ZZ) == "FRACTAL_ZZ");
    CHECK(format_label(static_cast<AscendFormat>(77)) == "format 77");
}

TEST_CASE("parse_format reads every spelling back, and the enum names too") {
    for (std::int32_t value = -2; value < 300; ++value) {
        const auto format = static_cast<AscendFormat>(value);
        if (const auto name = format_file_name(format)) CHECK(parse_format(*name, "-f") == format);
    }
    CHECK(parse_format("NCDHW", "-f") == AscendFormat::NCDHW);
    CHECK(parse_format("FRACTAL_DECONV_SP_STRIDE8_TRANS", "-f") == AscendFormat::FRACTAL_DECONV_SP_STRIDE8_TRANS);
    CHECK(parse_format("HASHTABLE_LOOKUP_KEYS", "-f") == AscendFormat::HASHTABLE_LOOKUP_KEYS);
    CHECK(parse_format("FRACTAL_ZZ", "-f") == AscendFormat::FRACTAL_ZZ);
}

TEST_CASE("parse_format refuses an unknown name, naming it") {
    for (const auto* text : {"nchw", "NCHW ", "", "FORMAT_NCHW", "NC1HWC"}) {
        try {
            parse_format(text, "-f");
            FAIL("accepted " << text);
        } catch (const Error& e) {
            CHECK(e.file() == "-f");
            CHECK_THAT(e.reason(), Contains(std::string("unknown format '") + text + "'"));
        }
    }
}

TEST_CASE("layouts are classified by what a reader must do with them") {
    for (const auto plain : {AscendFormat::ND, AscendFormat::NCHW, AscendFormat::NCDHW, AscendFormat::NDHWC,
                             AscendFormat::CN, AscendFormat::NC, AscendFormat::RESERVED}) {
        CHECK(layout_kind(plain) == LayoutKind::Plain);
        CHECK_FALSE(is_device_format(plain));
    }
    CHECK(layout_kind(AscendFormat::NHWC) == LayoutKind::Transposed);
    CHECK(layout_kind(AscendFormat::HWCN) == LayoutKind::Transposed);
    for (const auto blocked : {AscendFormat::NC1HWC0, AscendFormat::NC1HWC0_C04, AscendFormat::FRACTAL_Z,
                               AscendFormat::FRACTAL_Z_3D, AscendFormat::FRACTAL_NZ, AscendFormat::NDC1HWC0,
                               AscendFormat::C1HWNCoC0}) {
        CHECK(layout_kind(blocked) == LayoutKind::Blocked);
        CHECK(is_device_format(blocked));
    }
    for (const auto opaque : {AscendFormat::FRACTAL_ZZ, AscendFormat::FRACTAL_Z_C04, AscendFormat::C1HWNC0,
                              static_cast<AscendFormat>(77)}) {
        CHECK(layout_kind(opaque) == LayoutKind::Unconvertible);
        CHECK(is_device_format(opaque));
    }
}
