#include "support/bin_dump_writer.hpp"

#include <cstring>
#include <fstream>

#include "tensor/bin_data_type.hpp"
#include "tensor/dump_data.pb.h"

namespace msprobe::testing {

namespace {

namespace pb = tensor::dumpdata;

// resize + memcpy: g++ 12 reports insert() of a small range as an overflow (a false positive).
void append(Bytes& out, const void* data, std::size_t size) {
    if (size == 0) return;
    const std::size_t at = out.size();
    out.resize(at + size);
    std::memcpy(out.data() + at, data, size);
}

void append(Bytes& out, const Bytes& more) { append(out, more.data(), more.size()); }

template <class Integer>
void append_le(Bytes& out, Integer value) {
    append(out, &value, sizeof value);  // the test host is little-endian, like the files
}

// A protobuf varint: 7 bits per byte, least significant first.
Bytes varint(std::uint64_t value) {
    Bytes out;
    do {
        const auto low = static_cast<std::uint8_t>(value & 0x7F);
        value >>= 7;
        out.push_back(static_cast<std::byte>(value ? (low | 0x80) : low));
    } while (value);
    return out;
}

std::uint64_t declared_size(const BinTensorSpec& tensor) { return tensor.size.value_or(tensor.bytes.size()); }

void set_shape(pb::Shape* shape, const std::vector<std::uint64_t>& dims) {
    for (const auto dim : dims) shape->add_dim(dim);
}

template <class Slot>
void fill_slot(Slot* slot, const BinTensorSpec& tensor, bool inline_data) {
    slot->set_data_type(tensor.data_type);
    slot->set_format(tensor.format);
    set_shape(slot->mutable_shape(), tensor.shape);
    set_shape(slot->mutable_original_shape(), tensor.original_shape.value_or(tensor.shape));
    slot->set_size(declared_size(tensor));
    if (inline_data)
        slot->set_data(std::string(reinterpret_cast<const char*>(tensor.bytes.data()), tensor.bytes.size()));
}

template <class Blob>
void fill_blob(Blob* blob, const BinBlobSpec& spec, bool inline_data) {
    blob->set_size(spec.bytes.size());
    if (inline_data) blob->set_data(std::string(reinterpret_cast<const char*>(spec.bytes.data()), spec.bytes.size()));
}

std::string encode_message(const BinDumpSpec& spec, bool inline_data) {
    pb::DumpData message;
    message.set_version(spec.version);
    message.set_dump_time(spec.dump_time);
    message.set_op_name(spec.op_name);
    for (const auto& [name, value] : spec.attrs) {
        auto* attr = message.add_attr();
        attr->set_name(name);
        attr->set_value(value);
    }
    for (const auto& tensor : spec.outputs) {
        auto* output = message.add_output();
        fill_slot(output, tensor, inline_data);
        if (!tensor.origin_name.empty()) output->mutable_original_op()->set_name(tensor.origin_name);
    }
    for (const auto& tensor : spec.inputs) fill_slot(message.add_input(), tensor, inline_data);
    for (const auto& buffer : spec.buffers) {
        auto* blob = message.add_buffer();
        blob->set_buffer_type(buffer.type);
        fill_blob(blob, buffer, inline_data);
    }
    for (const auto& space : spec.spaces) {
        auto* blob = message.add_space();
        blob->set_type(space.type);
        fill_blob(blob, space, inline_data);
    }
    return message.SerializeAsString();
}

// The first nano number that stands for `data_type`.
std::int32_t nano_type(const BinTensorSpec& tensor) {
    if (tensor.nano_data_type) return *tensor.nano_data_type;
    for (std::int32_t nano = 0; nano < 64; ++nano) {
        if (tensor::data_type_of_nano(nano) == tensor.data_type) return nano;
    }
    return 28;  // UNDEFINED: no equivalent
}

void append_entry(Bytes& list, std::uint32_t tag, const Bytes& value) {
    append_le(list, tag);
    append_le(list, static_cast<std::uint32_t>(value.size()));
    append(list, value);
}

Bytes dims_bytes(const std::vector<std::uint64_t>& dims) {
    Bytes out;
    for (const auto dim : dims) append_le(out, dim);
    return out;
}

Bytes nano_section(std::uint32_t tag, const std::vector<BinTensorSpec>& tensors, bool output) {
    Bytes records;
    append_le(records, static_cast<std::uint32_t>(tensors.size()));
    for (const auto& tensor : tensors) {
        append_le(records, nano_type(tensor));
        append_le(records, tensor.format);
        append_le(records, std::int32_t{3});  // address_type
        if (output) {
            append_le(records, std::int32_t{0});  // original index
            append_le(records, nano_type(tensor));
            append_le(records, tensor.format);
        }
        append_le(records, std::uint64_t{0});  // address
        append_le(records, std::uint64_t{0});  // offset
        append_le(records, declared_size(tensor));
        Bytes list;
        append_entry(list, 0, dims_bytes(tensor.shape));
        append_entry(list, 1, dims_bytes(tensor.original_shape.value_or(tensor.shape)));
        if (output && !tensor.origin_name.empty()) {
            Bytes name;
            append(name, tensor.origin_name.data(), tensor.origin_name.size());
            append_entry(list, 2, name);
        }
        append_le(records, static_cast<std::uint32_t>(list.size()));
        append(records, list);
    }
    Bytes section;
    append_entry(section, tag, records);
    return section;
}

}  // namespace

Bytes encode_bin_dump(const BinDumpSpec& spec) {
    const std::string message = encode_message(spec, false);
    Bytes out;
    append_le(out, static_cast<std::uint64_t>(message.size()));
    append(out, message.data(), message.size());
    for (const auto* tensors : {&spec.inputs, &spec.outputs}) {
        for (const auto& tensor : *tensors) append(out, tensor.bytes);
    }
    for (const auto* blobs : {&spec.buffers, &spec.spaces}) {
        for (const auto& blob : *blobs) append(out, blob.bytes);
    }
    return out;
}

Bytes encode_nano_bin_dump(const BinDumpSpec& spec) {
    Bytes tlv;
    append_le(tlv, std::uint32_t{0x5A5A5A5A});
    append_le(tlv, std::uint32_t{0});  // version_id
    const Bytes inputs = nano_section(4, spec.inputs, false);
    const Bytes outputs = nano_section(5, spec.outputs, true);
    append(tlv, inputs);
    append(tlv, outputs);
    Bytes out;
    append_le(out, static_cast<std::uint64_t>(tlv.size()));
    append(out, tlv);
    for (const auto* tensors : {&spec.inputs, &spec.outputs}) {
        for (const auto& tensor : *tensors) append(out, tensor.bytes);
    }
    return out;
}

Bytes encode_legacy_bin_dump(const BinDumpSpec& spec) {
    const std::string message = encode_message(spec, true);
    Bytes out;
    append(out, message.data(), message.size());
    return out;
}

Bytes truncated(Bytes bytes, std::size_t dropped) {
    bytes.resize(bytes.size() > dropped ? bytes.size() - dropped : 0);
    return bytes;
}

Bytes with_length_prefix(Bytes bytes, std::uint64_t header_length) {
    if (bytes.size() < 8) bytes.resize(8);
    std::memcpy(bytes.data(), &header_length, sizeof header_length);
    return bytes;
}

Bytes with_trailing_bytes(Bytes bytes, std::size_t extra) {
    bytes.insert(bytes.end(), extra, std::byte{0xEE});
    return bytes;
}

Bytes varint_field(std::uint32_t number, std::uint64_t value) {
    Bytes out = varint(std::uint64_t{number} << 3);
    append(out, varint(value));
    return out;
}

Bytes message_field(std::uint32_t number, const Bytes& message) {
    Bytes out = varint((std::uint64_t{number} << 3) | 2);
    append(out, varint(message.size()));
    append(out, message);
    return out;
}

Bytes group_field(std::uint32_t number, const Bytes& fields) {
    Bytes out = varint((std::uint64_t{number} << 3) | 3);
    append(out, fields);
    append(out, varint((std::uint64_t{number} << 3) | 4));
    return out;
}

Bytes repeated(const Bytes& field, std::size_t times) {
    Bytes out;
    out.reserve(field.size() * times);
    for (std::size_t i = 0; i < times; ++i) append(out, field);
    return out;
}

Bytes with_header_fields(Bytes dump, const Bytes& fields) {
    std::uint64_t length = 0;
    std::memcpy(&length, dump.data(), sizeof length);
    Bytes out;
    append_le(out, length + fields.size());
    append(out, dump.data() + 8, static_cast<std::size_t>(length));
    append(out, fields);
    append(out, dump.data() + 8 + length, dump.size() - 8 - static_cast<std::size_t>(length));
    return out;
}

BinDumpSpec one_byte_outputs(std::size_t count) {
    BinDumpSpec spec;
    spec.op_name = "net/one_byte";
    spec.outputs.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        spec.outputs.push_back(tensor_spec(4, {1}, Bytes{static_cast<std::byte>(i % 256)}));
    }
    return spec;
}

Bytes bytes_of_codes(const std::vector<unsigned>& codes) {
    Bytes out;
    for (const unsigned code : codes) out.push_back(static_cast<std::byte>(code));
    return out;
}

Bytes pack_int4(const std::vector<int>& values) {
    Bytes out((values.size() + 1) / 2);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto nibble = static_cast<unsigned>(values[i]) & 0xFU;
        out[i / 2] |= static_cast<std::byte>(i % 2 == 0 ? nibble : nibble << 4);
    }
    return out;
}

Bytes pack_uint1(const std::vector<int>& bits) {
    Bytes out((bits.size() + 7) / 8);
    for (std::size_t i = 0; i < bits.size(); ++i) {
        if (bits[i] != 0) out[i / 8] |= static_cast<std::byte>(0x80U >> (i % 8));
    }
    return out;
}

Bytes new_op_debug_record(std::uint32_t version, std::uint32_t acc_type, const std::vector<std::uint64_t>& words) {
    Bytes record = bytes_of(std::vector<std::uint32_t>{0x5A5A5A5A, version, 1, acc_type, 0,
                                                       static_cast<std::uint32_t>(words.size() * 8)});
    const Bytes data = bytes_of(words);
    record.insert(record.end(), data.begin(), data.end());
    return record;
}

Bytes old_op_debug_record(std::uint64_t stream_id, std::uint64_t task_id, std::uint64_t status) {
    std::vector<std::uint64_t> words(256, 0);
    const std::vector<std::uint64_t> info{2, stream_id, task_id, 0, 0xab00, 0xcd00};
    for (std::size_t i = 0; i < info.size(); ++i) words[32 + i] = info[i];  // AI Core info at byte 256
    words[128 + 0] = 0x1f2e;  // AI Core status block at byte 1024: kernel_code, block_idx, status
    words[128 + 1] = 5;
    words[128 + 2] = status;
    return bytes_of(words);
}

Bytes encode_op_debug_dump(const Bytes& record) {
    BinDumpSpec spec;
    spec.op_name = "Node_OpDebug";
    BinTensorSpec output;
    output.data_type = 4;  // DT_UINT8
    output.shape = {record.size()};
    output.bytes = record;
    spec.outputs.push_back(output);
    return encode_bin_dump(spec);
}

void write_bytes(const std::filesystem::path& path, const Bytes& bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace msprobe::testing
