#include "tensor/op_debug_file.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "tensor/little_endian.hpp"
#include "tensor/read_error.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::uint32_t kMagic = 0x5A5A5A5A;
constexpr std::size_t kNewHeaderBytes = 24;
constexpr std::size_t kOldRecordBytes = 2048;

struct FieldSpec {
    std::string_view name;
    bool is_address;
};

constexpr FieldSpec kModel{"model_id", false}, kStream{"stream_id", false}, kTask{"task_id", false},
    kTaskType{"task_type", false}, kContext{"context_id", false}, kThread{"thread_id", false},
    kPcStart{"pc_start", true}, kParaBase{"para_base", true};

// The words before the status, per acc_type of the new layout.
std::vector<FieldSpec> new_layout_fields(std::uint32_t acc_type) {
    switch (acc_type) {
        case 0:
        case 1:
            return {kModel, kStream, kTask, kTaskType, kContext, kThread, kPcStart, kParaBase,
                    {"core_id", false}, {"block_id", false}};
        case 2: return {kModel, kStream, kTask, kTaskType, kContext, {"cpu_id", false}, kThread};
        default:
            return {kModel, kStream, kTask, kTaskType, kContext, kThread, {"src_addr", true}, {"dst_addr", true},
                    {"channel_id", false}};
    }
}

constexpr std::array<std::string_view, 4> kAccNames = {"AIC", "AIV", "AICPU", "SDMA"};

std::uint64_t word(std::span<const std::byte> record, std::size_t at) {
    return load_little_endian<std::uint64_t>(record, at);
}

void need(std::span<const std::byte> record, std::size_t bytes, const std::string& file, const std::string& what) {
    if (record.size() < bytes) {
        fail(file, ReadFailure::SizeMismatch,
             what + " needs " + std::to_string(bytes) + " bytes, the record has " + std::to_string(record.size()));
    }
}

OpDebugRecord decode_new(std::span<const std::byte> record, const std::string& file) {
    need(record, kNewHeaderBytes, file, "the op-debug record header");
    OpDebugRecord decoded;
    decoded.version = load_little_endian<std::uint32_t>(record, 4);
    decoded.valid = load_little_endian<std::uint32_t>(record, 8);
    decoded.acc_type = load_little_endian<std::uint32_t>(record, 12);
    decoded.rsv = load_little_endian<std::uint32_t>(record, 16);
    decoded.data_len = load_little_endian<std::uint32_t>(record, 20);
    if (decoded.acc_type >= kAccNames.size()) {
        fail(file, ReadFailure::Unsupported,
             "op-debug acc_type " + std::to_string(decoded.acc_type) + " is none of AIC, AIV, AICPU, SDMA");
    }
    const auto specs = new_layout_fields(decoded.acc_type);
    // Version 1 widened the AI Core / Vector status to four words.
    const std::size_t status_words = decoded.version == 1 && decoded.acc_type <= 1 ? 4 : 1;
    const std::string kind(kAccNames[decoded.acc_type]);
    need(record, kNewHeaderBytes + (specs.size() + status_words) * 8, file, "an " + kind + " op-debug record");
    OpDebugBlock block{kind, {}};
    std::size_t at = kNewHeaderBytes;
    for (const auto& spec : specs) {
        block.fields.push_back({spec.name, {word(record, at)}, spec.is_address});
        at += 8;
    }
    OpDebugField status{"status", {}, false};
    for (std::size_t i = 0; i < status_words; ++i, at += 8) status.values.push_back(word(record, at));
    block.fields.push_back(std::move(status));
    decoded.blocks.push_back(std::move(block));
    return decoded;
}

OpDebugBlock old_block(std::span<const std::byte> record, std::string kind, std::size_t info_at,
                       std::size_t status_at, bool ai_core) {
    OpDebugBlock block{std::move(kind), {}};
    const FieldSpec specs[] = {kModel, kStream, kTask, kTaskType, kPcStart, kParaBase};
    for (std::size_t i = 0; i < std::size(specs); ++i) {
        block.fields.push_back({specs[i].name, {word(record, info_at + 8 * i)}, specs[i].is_address});
    }
    if (ai_core) {
        block.fields.push_back({"kernel_code", {word(record, status_at)}, true});
        block.fields.push_back({"block_idx", {word(record, status_at + 8)}, false});
        status_at += 16;
    }
    block.fields.push_back({"status", {word(record, status_at)}, false});
    return block;
}

OpDebugRecord decode_old(std::span<const std::byte> record, const std::string& file) {
    if (record.size() != kOldRecordBytes) {
        fail(file, ReadFailure::SizeMismatch,
             "an old-layout op-debug record has " + std::to_string(kOldRecordBytes) + " bytes, this one " +
                 std::to_string(record.size()));
    }
    OpDebugRecord decoded;
    decoded.layout = OpDebugLayout::Old;
    decoded.blocks.push_back(old_block(record, "DHA Atomic Add", 0, 512, false));
    decoded.blocks.push_back(old_block(record, "L2 Atomic Add", 128, 768, false));
    decoded.blocks.push_back(old_block(record, "AI Core", 256, 1024, true));
    return decoded;
}

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

nlohmann::ordered_json block_json(const OpDebugBlock& block) {
    auto json = nlohmann::ordered_json::object();
    for (const auto& field : block.fields) {
        const auto name = std::string(field.name);
        if (field.values.size() != 1) {
            json[name] = field.values;
        } else if (field.is_address) {
            json[name] = hex(field.values.front());
        } else {
            json[name] = field.values.front();
        }
    }
    return json;
}

}  // namespace

std::optional<std::uint64_t> OpDebugBlock::value(std::string_view name) const {
    for (const auto& field : fields) {
        if (field.name == name && !field.values.empty()) return field.values.front();
    }
    return std::nullopt;
}

bool OpDebugBlock::overflowed() const {
    return std::any_of(fields.begin(), fields.end(), [](const OpDebugField& field) {
        return field.name == "status" &&
               std::any_of(field.values.begin(), field.values.end(), [](std::uint64_t v) { return v != 0; });
    });
}

OpDebugRecord decode_op_debug_record(std::span<const std::byte> record, const std::string& file) {
    const bool is_new = record.size() >= 4 && load_little_endian<std::uint32_t>(record, 0) == kMagic;
    return is_new ? decode_new(record, file) : decode_old(record, file);
}

OpDebugRecord read_op_debug_record(const BinDump& dump) {
    if (dump.outputs.empty()) fail(dump.file, ReadFailure::SizeMismatch, "an op-debug dump has no output 0");
    return decode_op_debug_record(dump.outputs.front().blob, dump.file);
}

nlohmann::ordered_json op_debug_json(const OpDebugRecord& record) {
    nlohmann::ordered_json json;
    if (record.layout == OpDebugLayout::Old) {
        for (const auto& block : record.blocks) json[block.kind] = block_json(block);
        return json;
    }
    json["magic"] = hex(kMagic);
    json["version"] = record.version;
    auto& acc = json["acc_list"];
    acc["valid"] = record.valid;
    acc["acc_type"] = record.blocks.front().kind;
    acc["rsv"] = record.rsv;
    acc["data_len"] = record.data_len;
    acc["data"] = block_json(record.blocks.front());
    return json;
}

}  // namespace msprobe::tensor
