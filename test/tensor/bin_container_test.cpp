// Telling the containers apart and refusing damaged ones: each refusal is one
// msprobe::Error naming the file, with the error class first.
#include <catch2/catch.hpp>

#include "bin_test_support.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

BinDumpSpec two_tensors() {
    auto spec = one_output(1, {2}, bytes_of(std::vector<float>{1, 2}));
    spec.inputs.push_back(tensor_spec(4, {3}, bytes_of_codes({7, 8, 9})));
    return spec;
}

std::string refusal(const Bytes& bytes, const BinReadOptions& options = {}) {
    try {
        (void)read_bin_bytes(bytes, kDumpName, options);
    } catch (const Error& error) {
        CHECK(error.file() == kDumpName);
        return error.reason();
    }
    FAIL("accepted");
    return {};
}

}  // namespace

TEST_CASE("files shorter than the length prefix are truncated", "[bin_dump]") {
    CHECK_THAT(refusal({}), StartsWith("E_TRUNCATED: the file is empty"));
    CHECK_THAT(refusal(bytes_of_codes({1, 2, 3, 4, 5})), StartsWith("E_TRUNCATED: the file has 5 bytes"));
}

TEST_CASE("an 8-byte file with H = 0 is a dump without tensors", "[bin_dump]") {
    const auto dump = read_bin_bytes(Bytes(8, std::byte{0}));
    CHECK(dump.inputs.empty());
    CHECK(dump.outputs.empty());
    CHECK(dump.header.op_name.empty());
}

TEST_CASE("a length prefix beyond the file is a bad header", "[bin_dump]") {
    const auto bytes = with_length_prefix(encode_bin_dump(two_tensors()), 1000);
    CHECK_THAT(refusal(bytes), StartsWith("E_BAD_HEADER: the header length 1000 exceeds the file size"));
    CHECK_THAT(refusal(with_length_prefix(bytes, ~std::uint64_t{0})), StartsWith("E_BAD_HEADER"));
}

TEST_CASE("a header that is not a DumpData message is a bad header", "[bin_dump]") {
    Bytes bytes = with_length_prefix(Bytes(8), 6);
    for (const unsigned code : {0xFFU, 0xFFU, 0xFFU, 0xFFU, 0xFFU, 0xFFU}) bytes.push_back(std::byte(code));
    CHECK_THAT(refusal(bytes), StartsWith("E_BAD_HEADER: the 6-byte header is not a DumpData protobuf message"));
}

TEST_CASE("blobs running past the end are truncated, extra bytes are a warning", "[bin_dump]") {
    const auto bytes = encode_bin_dump(two_tensors());
    CHECK_THAT(refusal(truncated(bytes, 1)), StartsWith("E_TRUNCATED: output 0 needs 8 bytes"));
    CHECK_THAT(refusal(truncated(bytes, 9)), StartsWith("E_TRUNCATED: input 0 needs 3 bytes"));
    const auto dump = read_bin_bytes(with_trailing_bytes(bytes, 7));
    CHECK(dump.warnings == std::vector<std::string>{"7 bytes after the data section are ignored"});
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{1, 2});
}

TEST_CASE("a declared size near 2^64 cannot wrap the data section", "[bin_dump]") {
    auto spec = two_tensors();
    spec.inputs[0].size = ~std::uint64_t{0} - 2;
    CHECK_THAT(refusal(encode_bin_dump(spec)), StartsWith("E_TRUNCATED: input 0 needs 18446744073709551613 bytes"));
}

TEST_CASE("nano containers must hold exactly their data", "[bin_dump]") {
    const auto bytes = encode_nano_bin_dump(two_tensors());
    CHECK(read_bin_bytes(bytes).container == BinContainerKind::Nano);
    CHECK_THAT(refusal(truncated(bytes, 4)), StartsWith("E_TRUNCATED: output 0 needs 8 bytes"));
    CHECK(read_bin_bytes(with_trailing_bytes(bytes, 2)).warnings.size() == 1);
}

TEST_CASE("malformed nano headers are bad headers", "[bin_dump]") {
    const auto bytes = encode_nano_bin_dump(two_tensors());
    CHECK_THAT(refusal(with_length_prefix(bytes, 5000)), StartsWith("E_BAD_HEADER: the nano header length 5000"));
    // A TLV length that ends inside the first record.
    CHECK_THAT(refusal(with_length_prefix(bytes, 40)), StartsWith("E_BAD_HEADER"));
    // The inputs section's length field made larger than the header.
    Bytes long_section = bytes;
    long_section[20] = std::byte{0xFF};
    CHECK_THAT(refusal(long_section), Contains("the nano header ends inside a record"));
}

TEST_CASE("a nano container without an inputs section has no inputs", "[bin_dump]") {
    const auto dump =
        read_bin_bytes(encode_nano_bin_dump(one_output(7, {2}, bytes_of(std::vector<std::int32_t>{5, -6}))));
    CHECK(dump.inputs.empty());
    CHECK(to_double_vector(dump.outputs[0].view()) == std::vector<double>{5, -6});
}

TEST_CASE("the legacy layout must carry every blob inline", "[bin_dump]") {
    auto spec = two_tensors();
    spec.outputs[0].size = 12;  // declares more than the 8 inline bytes
    CHECK_THAT(refusal(encode_legacy_bin_dump(spec), {.legacy_layout = true}), StartsWith("E_BAD_HEADER"));
}

TEST_CASE("a .bin file read from disk keeps the mapping alive", "[bin_dump]") {
    const auto path = scratch_dir("bin_container") / kDumpName;
    write_bytes(path, encode_bin_dump(two_tensors()));
    TensorView view;
    {
        const auto dump = read_bin_dump(path);
        CHECK(dump.file == path.string());
        view = dump.outputs[0].view();
    }
    CHECK(to_double_vector(view) == std::vector<double>{1, 2});
}

TEST_CASE("a header over 8 MiB is refused before it is decoded", "[bin_dump]") {
    const std::uint64_t length = (std::uint64_t{8} << 20) + 1;
    const auto bytes = with_length_prefix(Bytes(8 + length, std::byte{0}), length);
    CHECK_THAT(refusal(bytes), StartsWith("E_LIMIT: the header length 8388609 exceeds the limit"));
    Bytes nano = bytes;
    for (std::size_t i = 8; i < 12; ++i) nano[i] = std::byte{0x5A};
    CHECK_THAT(refusal(nano), StartsWith("E_LIMIT"));
}
