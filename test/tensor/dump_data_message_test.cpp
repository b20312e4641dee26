// The DumpData message of a kernel dump's header: bytes made by protobuf's own
// serializer parse back, and header_of carries every field into BinHeader
// (OpInput and OpOutput number their shared fields differently).
#include "tensor/dump_data_message.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/error.hpp"

using namespace msprobe::tensor;
using Shape = std::vector<std::int64_t>;

namespace {

std::span<const std::byte> span_of(const std::string& bytes) {
    return {reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()};
}

void set_dims(dumpdata::Shape* shape, const std::vector<std::uint64_t>& dims) {
    for (const auto dim : dims) shape->add_dim(dim);
}

// One input, two outputs, a buffer, a workspace and two attributes.
dumpdata::DumpData sample_message() {
    dumpdata::DumpData message;
    message.set_version("2.0");
    message.set_dump_time(1700000000005000);
    message.set_op_name("net/ffts_mul");
    auto* attr = message.add_attr();
    attr->set_name("_ffts_attr");
    attr->set_value("{\"threadMode\":1}");
    message.add_attr()->set_name("empty");

    auto* input = message.add_input();
    input->set_data_type(1);
    input->set_format(3);
    set_dims(input->mutable_shape(), {1, 2, 2, 2, 16});
    set_dims(input->mutable_original_shape(), {1, 19, 2, 2});
    input->set_sub_format(1);
    input->set_address(0x1000);
    input->set_offset(64);
    input->set_size(512);

    auto* output = message.add_output();
    output->set_data_type(27);
    output->set_format(2);
    set_dims(output->mutable_shape(), {4, 3});
    set_dims(output->mutable_original_shape(), {4, 3});
    output->set_size(24);
    output->set_offset(576);
    auto* op = output->mutable_original_op();
    op->set_name("net/mul");
    op->set_output_index(2);
    op->set_data_type(1);
    op->set_format(2);
    auto* range = output->add_dim_range();
    range->set_dim_start(2);
    range->set_dim_end(4);
    message.add_output()->set_data_type(7);  // a 0-d output with every other field left out

    auto* buffer = message.add_buffer();
    buffer->set_buffer_type(0);
    buffer->set_size(32);
    auto* space = message.add_space();
    space->set_type(0);
    space->set_size(16);
    return message;
}

std::string bad_header_reason(const dumpdata::DumpData& message) {
    try {
        header_of(message, "Mul.op.1.2.3");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "Mul.op.1.2.3");
        return e.reason();
    }
    return "no error";
}

}  // namespace

TEST_CASE("dump data message: serialized bytes parse back into the same message", "[tensor][dump_data_message]") {
    const std::string bytes = sample_message().SerializeAsString();
    const auto parsed = parse_dump_data(span_of(bytes));
    REQUIRE(parsed);
    CHECK(parsed->SerializeAsString() == bytes);
    CHECK(parsed->op_name() == "net/ffts_mul");
    CHECK(parsed->output_size() == 2);

    const auto empty = parse_dump_data({});  // every field absent is a valid message
    REQUIRE(empty);
    CHECK(empty->input_size() == 0);
}

TEST_CASE("dump data message: bytes that are not a message are refused", "[tensor][dump_data_message]") {
    const std::string overrun{'\x0a', '\x05', 'a', 'b'};      // version's length runs past the end
    const std::string group{'\x1a', '\x02', '\x0b', '\x00'};  // an output holding an unended group
    const std::string cut{'\x10'};                            // dump_time without its varint
    CHECK_FALSE(parse_dump_data(span_of(overrun)));
    CHECK_FALSE(parse_dump_data(span_of(group)));
    CHECK_FALSE(parse_dump_data(span_of(cut)));
}

TEST_CASE("dump data message: header_of carries every field into the header", "[tensor][dump_data_message]") {
    const BinHeader header = header_of(sample_message(), "Mul.op.1.2.3");
    CHECK(header.version == "2.0");
    CHECK(header.dump_time == 1700000000005000);
    CHECK(header.op_name == "net/ffts_mul");
    REQUIRE(header.attrs.size() == 2);
    CHECK(header.attrs[0].name == "_ffts_attr");
    CHECK(header.attrs[0].value == "{\"threadMode\":1}");
    CHECK(header.attrs[1].name == "empty");
    CHECK(header.attrs[1].value.empty());

    REQUIRE(header.inputs.size() == 1);
    const auto& input = header.inputs[0];
    CHECK(input.data_type == 1);
    CHECK(input.format == 3);
    CHECK(input.shape == Shape{1, 2, 2, 2, 16});
    CHECK(input.original_shape == Shape{1, 19, 2, 2});
    CHECK(input.sub_format == 1);
    CHECK(input.address == 0x1000);
    CHECK(input.offset == 64);
    CHECK(input.size == 512);
    CHECK_FALSE(input.original_op);
    CHECK(input.dim_range.empty());

    REQUIRE(header.outputs.size() == 2);
    const auto& output = header.outputs[0];
    CHECK(output.data_type == 27);
    CHECK(output.shape == Shape{4, 3});
    CHECK(output.size == 24);
    CHECK(output.offset == 576);
    REQUIRE(output.original_op);
    CHECK(output.original_op->name == "net/mul");
    CHECK(output.original_op->output_index == 2);
    CHECK(output.original_op->data_type == 1);
    CHECK(output.original_op->format == 2);
    REQUIRE(output.dim_range.size() == 1);
    CHECK(output.dim_range[0].start == 2);
    CHECK(output.dim_range[0].end == 4);
    CHECK(header.outputs[1].data_type == 7);
    CHECK(header.outputs[1].shape.empty());
    CHECK_FALSE(header.outputs[1].original_op);

    REQUIRE(header.buffers.size() == 1);
    CHECK(header.buffers[0].type == 0);
    CHECK(header.buffers[0].size == 32);
    REQUIRE(header.spaces.size() == 1);
    CHECK(header.spaces[0].size == 16);
}

TEST_CASE("dump data message: header_of refuses shapes a tensor cannot have", "[tensor][dump_data_message]") {
    auto wide = sample_message();
    set_dims(wide.mutable_output(1)->mutable_shape(), std::vector<std::uint64_t>(kMaxBinDims + 1, 1));
    CHECK(bad_header_reason(wide) == "E_BAD_HEADER: output 1 shape has 65 dims (at most 64)");

    auto huge = sample_message();
    huge.mutable_input(0)->mutable_original_shape()->set_dim(1, std::uint64_t{1} << 63);
    CHECK(bad_header_reason(huge) ==
          "E_BAD_HEADER: input 0 original_shape has the dim 9223372036854775808, beyond int64");

    auto widest = sample_message();  // 64 dims is still a shape
    set_dims(widest.mutable_output(1)->mutable_shape(), std::vector<std::uint64_t>(kMaxBinDims, 1));
    CHECK(header_of(widest, "Mul.op.1.2.3").outputs[1].shape.size() == kMaxBinDims);
}
