// The DumpData header as the runtime writes it, byte for byte: unpacked dims,
// negative and unknown enum numbers, and the limits on shapes.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/bin_dump_writer.hpp"
#include "tensor/bin_header.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;
using Catch::Matchers::Contains;

namespace {

BinHeader decode(std::initializer_list<unsigned> message) { return decode_bin_header(bytes_of_codes(message), "h"); }

}  // namespace

TEST_CASE("dims are read unpacked as well as packed", "[bin_dump]") {
    // output { data_type 7, format 2, shape { dim 5 } (unpacked), size 20, original_shape packed [5, 1] }
    const auto header = decode({0x1a, 0x10, 0x08, 0x07, 0x10, 0x02, 0x1a, 0x02, 0x08, 0x05, 0x30, 0x14,
                                0x3a, 0x04, 0x0a, 0x02, 0x05, 0x01});
    REQUIRE(header.outputs.size() == 1);
    CHECK(header.outputs[0].data_type == 7);
    CHECK(header.outputs[0].shape == std::vector<std::int64_t>{5});
    CHECK(header.outputs[0].original_shape == std::vector<std::int64_t>{5, 1});
    CHECK(header.outputs[0].size == 20);
}

TEST_CASE("an empty Shape message is a 0-d tensor, absent fields are defaults", "[bin_dump]") {
    const auto header = decode({0x22, 0x02, 0x1a, 0x00});  // input { shape {} }
    REQUIRE(header.inputs.size() == 1);
    CHECK(header.inputs[0].shape.empty());
    CHECK(header.inputs[0].data_type == 0);
    CHECK(header.inputs[0].size == 0);
    CHECK_FALSE(header.inputs[0].original_op);
}

TEST_CASE("unknown and negative enum numbers are kept, unknown fields skipped", "[bin_dump]") {
    // output { data_type 99, format -1 (10-byte varint), field 15 varint 3 }, field 20 string "x"
    const auto header = decode({0x1a, 0x0f, 0x08, 0x63, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                0x01, 0x78, 0x03, 0xa2, 0x01, 0x01, 0x78});
    REQUIRE(header.outputs.size() == 1);
    CHECK(header.outputs[0].data_type == 99);
    CHECK(header.outputs[0].format == -1);
}

TEST_CASE("a length running past the message is a bad header", "[bin_dump]") {
    CHECK_THROWS_WITH(decode({0x1a, 0x10, 0x08, 0x01}), Contains("E_BAD_HEADER"));
}

TEST_CASE("shapes of more than 64 dims or dims beyond int64 are bad headers", "[bin_dump]") {
    BinDumpSpec spec;
    spec.outputs.push_back(tensor_spec(1, std::vector<std::uint64_t>(65, 1)));
    auto bytes = encode_bin_dump(spec);
    CHECK_THROWS_WITH(decode_bin_header(std::span(bytes).subspan(8), "h"),
                      Catch::Contains("output 0 shape has 65 dims (at most 64)"));
    spec.outputs[0] = tensor_spec(1, {std::uint64_t{1} << 63});
    bytes = encode_bin_dump(spec);
    CHECK_THROWS_WITH(decode_bin_header(std::span(bytes).subspan(8), "h"),
                      Catch::Contains("the dim 9223372036854775808, beyond int64"));
}

TEST_CASE("text fields need not be UTF-8", "[bin_dump]") {
    const auto header = decode({0x32, 0x02, 0xff, 0xfe});  // op_name = ff fe
    CHECK(header.op_name == std::string("\xff\xfe", 2));
}
