// The DumpData wire walk that runs before protobuf decodes a header: groups
// and malformed fields refused, tensor slots, attributes and dim ranges bounded.
#include <catch2/catch.hpp>

#include "bin_test_support.hpp"
#include "tensor/bin_header.hpp"
#include "tensor/dump_data_wire.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

std::optional<DumpDataWireProblem> problem_of(const Bytes& message) { return dump_data_wire_problem(message); }

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

Bytes joined(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
    return out;
}

Bytes small_dump() { return encode_bin_dump(one_output(1, {2}, bytes_of(std::vector<float>{1, 2}))); }

}  // namespace

TEST_CASE("the runtime's own headers pass the walk, unknown scalar fields too", "[bin_dump][dump_data_wire]") {
    CHECK_FALSE(problem_of({}));
    const Bytes dump = small_dump();
    const auto read = read_bin_bytes(with_header_fields(dump, varint_field(99, 5)));
    REQUIRE(read.outputs.size() == 1);
    CHECK(to_double_vector(read.outputs[0].view()) == std::vector<double>{1, 2});
}

TEST_CASE("a group anywhere in the header is refused in one line", "[bin_dump][dump_data_wire]") {
    const Bytes dump = small_dump();
    // At the top level, as an unknown field the runtime would skip.
    CHECK_THAT(refusal(with_header_fields(dump, group_field(9, varint_field(1, 1)))),
               StartsWith("E_BAD_HEADER: the ") &&
                   Contains("-byte header is not a DumpData protobuf message: field 9 is a group (wire type 3)"));
    // Under a known field number, inside an output, inside an output's shape.
    CHECK_THAT(refusal(with_header_fields(dump, group_field(3, {}))), Contains("field 3 is a group (wire type 3)"));
    CHECK_THAT(refusal(with_header_fields(dump, message_field(3, group_field(12, {})))),
               Contains("field 12 is a group (wire type 3)"));
    CHECK_THAT(refusal(with_header_fields(dump, message_field(3, message_field(3, group_field(1, {}))))),
               Contains("field 1 is a group"));
    // A lone end-group key.
    CHECK_THAT(refusal(with_header_fields(dump, Bytes{std::byte{0x4C}})), Contains("field 9 is a group (wire type 4)"));
    // The legacy whole-file layout with a group is no legacy dump.
    const Bytes legacy = encode_legacy_bin_dump(one_output(1, {1}, bytes_of(std::vector<float>{1})));
    const Bytes grouped = joined({legacy, group_field(9, {})});
    CHECK_NOTHROW(read_bin_bytes(legacy, kDumpName, {.legacy_layout = true}));
    CHECK_THAT(refusal(grouped, {.legacy_layout = true}), StartsWith("E_BAD_HEADER: the header length"));
}

TEST_CASE("malformed fields are refused with their byte", "[bin_dump][dump_data_wire]") {
    const auto reason = [](const Bytes& message) {
        const auto problem = problem_of(message);
        REQUIRE(problem);
        CHECK(problem->failure == ReadFailure::BadHeader);
        return problem->reason;
    };
    CHECK_THAT(reason(Bytes{std::byte{0x0E}}), Contains("field 1 has the invalid wire type 6 (byte 0)"));
    CHECK_THAT(reason(Bytes{std::byte{0x02}, std::byte{0x00}}), Contains("a field has the number 0 (byte 0)"));
    CHECK_THAT(reason(joined({varint_field(2, 1), Bytes{std::byte{0x1A}, std::byte{0x05}}})),
               Contains("field 3 runs past its message (byte 2)"));
    CHECK_THAT(reason(Bytes(11, std::byte{0xFF})), Contains("a field key runs past its message or over 10 bytes"));
    CHECK_THAT(reason(Bytes{std::byte{0x11}, std::byte{0x00}}), Contains("field 2 runs past its message"));
    CHECK(reason(Bytes{std::byte{0x0E}}) == "the 1-byte header is not a DumpData protobuf message: field 1 has the "
                                            "invalid wire type 6 (byte 0)");
}

TEST_CASE("tensor slots are bounded per file before anything is decoded", "[bin_dump][dump_data_wire]") {
    const Bytes dump = small_dump();  // one output already
    const Bytes empty_output = message_field(3, {});
    const auto at_limit = read_bin_bytes(with_header_fields(dump, repeated(empty_output, kMaxBinTensors - 1)));
    CHECK(at_limit.outputs.size() == kMaxBinTensors);
    // Two bytes a slot: 200 000 slots are 400 kB of header.
    CHECK(refusal(with_header_fields(dump, repeated(empty_output, 199'999))) ==
          "E_LIMIT: the header lists 200000 tensors, buffers and workspaces (at most 16384 per file)");
    // Inputs, buffers and workspaces count too.
    const Bytes mixed = joined({repeated(message_field(4, {}), 8192), repeated(message_field(5, {}), 4096),
                                repeated(message_field(8, {}), 4096)});
    CHECK_THAT(refusal(with_header_fields(dump, mixed)), StartsWith("E_LIMIT: the header lists 16385 tensors"));
    // So does the legacy layout, and a nano container.
    const Bytes legacy = joined({encode_legacy_bin_dump(one_output(1, {1}, bytes_of(std::vector<float>{1}))),
                                 repeated(empty_output, kMaxBinTensors)});
    CHECK_THAT(refusal(legacy, {.legacy_layout = true}), StartsWith("E_LIMIT: the header lists 16385 tensors"));
    const Bytes nano = encode_nano_bin_dump(one_byte_outputs(kMaxBinTensors + 1));
    CHECK(refusal(nano) == "E_LIMIT: the header lists 16385 tensors, buffers and workspaces (at most 16384 per file)");
}

TEST_CASE("attributes and dim ranges are bounded", "[bin_dump][dump_data_wire]") {
    const Bytes dump = small_dump();
    const Bytes attr = message_field(7, {});
    CHECK(read_bin_bytes(with_header_fields(dump, repeated(attr, kMaxBinAttrs))).header.attrs.size() == kMaxBinAttrs);
    CHECK(refusal(with_header_fields(dump, repeated(attr, kMaxBinAttrs + 1))) ==
          "E_LIMIT: the header lists 16385 attributes (at most 16384)");
    const Bytes output = message_field(3, repeated(message_field(10, {}), kMaxBinDims + 1));
    CHECK(refusal(with_header_fields(dump, output)) ==
          "E_BAD_HEADER: output 1 has more than 64 dim ranges (one per dim)");
    const auto read =
        read_bin_bytes(with_header_fields(dump, message_field(3, repeated(message_field(10, {}), kMaxBinDims))));
    REQUIRE(read.header.outputs.size() == 2);
    CHECK(read.header.outputs[1].dim_range.size() == kMaxBinDims);
}
