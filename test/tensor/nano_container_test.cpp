// The nano container's TLV header decoded on its own: sections, shapes and
// refusals of records that run past their end.
#include <catch2/catch.hpp>

#include <cstring>

#include "bin_test_support.hpp"
#include "common/error.hpp"
#include "tensor/nano_container.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;
using Catch::Matchers::StartsWith;

namespace {

// The TLV bytes of a whole nano file: from offset 16 to 8 + L.
Bytes tlv_of(const Bytes& file) {
    std::uint64_t length = 0;
    std::memcpy(&length, file.data(), sizeof length);
    return Bytes(file.begin() + 16, file.begin() + 8 + static_cast<std::ptrdiff_t>(length));
}

BinDumpSpec one_in_two_out() {
    auto spec = one_output(1, {2, 3}, bytes_of(std::vector<float>{1, 2, 3, 4, 5, 6}));
    spec.outputs.push_back(tensor_spec(1, {1}, bytes_of(std::vector<float>{7})));
    spec.inputs.push_back(tensor_spec(1, {4}, bytes_of(std::vector<float>{0, 0, 0, 0})));
    return spec;
}

}  // namespace

TEST_CASE("a nano header lists the inputs and outputs with their shapes", "[bin_dump][nano]") {
    const BinHeader header = decode_nano_header(tlv_of(encode_nano_bin_dump(one_in_two_out())), "f");
    REQUIRE(header.inputs.size() == 1);
    REQUIRE(header.outputs.size() == 2);
    CHECK(header.inputs[0].shape == std::vector<std::int64_t>{4});
    CHECK(header.outputs[0].shape == std::vector<std::int64_t>{2, 3});
    CHECK(header.outputs[1].shape == std::vector<std::int64_t>{1});
    CHECK(header.outputs[0].size == 24);
    CHECK(header.op_name.empty());  // a nano header carries no op name: it is in the file name
}

TEST_CASE("a nano header cut anywhere is refused as a bad header naming the file", "[bin_dump][nano]") {
    const Bytes tlv = tlv_of(encode_nano_bin_dump(one_in_two_out()));
    for (std::size_t keep : {std::size_t{4}, std::size_t{11}, tlv.size() / 2, tlv.size() - 1}) {
        INFO("kept " << keep << " of " << tlv.size() << " bytes");
        try {
            (void)decode_nano_header(Bytes(tlv.begin(), tlv.begin() + static_cast<std::ptrdiff_t>(keep)), "cut.bin");
            FAIL("accepted");
        } catch (const Error& error) {
            CHECK(error.file() == "cut.bin");
            CHECK_THAT(error.reason(), StartsWith("E_BAD_HEADER"));
        }
    }
}
