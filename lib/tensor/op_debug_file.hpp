#pragma once
// Op-debug (overflow status) files, "Opdebug.Node_OpDebug.TASK.STREAM.TS": a
// kernel dump whose output 0 holds one status record, in one of two layouts:
//  * new: uint32 magic 0x5A5A5A5A, version, valid, acc_type, rsv, data_len,
//    then uint64 words whose meaning depends on acc_type (AIC, AIV, AICPU, SDMA);
//  * old: exactly 2048 bytes of three blocks (DHA atomic add, L2 atomic add,
//    AI Core), each with its task fields and a status word.
//
//   const auto record = read_op_debug_record(read_bin_dump(path));
//   for (const auto& block : record.blocks) if (block.overflowed()) ... block.value("task_id") ...
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tensor/bin_dump_reader.hpp"

namespace msprobe::tensor {

struct OpDebugField {
    std::string_view name;                // "task_id", "pc_start", "status", ...
    std::vector<std::uint64_t> values;    // one, or four for a version 1 status
    bool is_address = false;              // shown in hex
};

// One source of overflow status: the record of the new layout, or one block of the old.
struct OpDebugBlock {
    std::string kind;  // "AIC", "AIV", "AICPU", "SDMA"; "DHA Atomic Add", "L2 Atomic Add", "AI Core"
    std::vector<OpDebugField> fields;

    // The first value of the field `name` (task_id, stream_id, context_id, ...).
    std::optional<std::uint64_t> value(std::string_view name) const;
    bool overflowed() const;  // a non-zero status word
};

enum class OpDebugLayout { New, Old };

struct OpDebugRecord {
    OpDebugLayout layout = OpDebugLayout::New;
    // New layout only.
    std::uint32_t version = 0;
    std::uint32_t valid = 0;  // 1 expected
    std::uint32_t acc_type = 0;
    std::uint32_t rsv = 0;
    std::uint32_t data_len = 0;
    std::vector<OpDebugBlock> blocks;  // one (new) or three (old)
};

// Decodes a status record. Throws msprobe::Error(file, ...): E_SIZE_MISMATCH
// for a record shorter than its layout (or an old one of other than 2048
// bytes), E_UNSUPPORTED for an acc_type none of the four.
OpDebugRecord decode_op_debug_record(std::span<const std::byte> record, const std::string& file);

// The record in output 0 of an op-debug dump.
OpDebugRecord read_op_debug_record(const BinDump& dump);

// The record as msprobe writes it to "{file}.output.0.json": addresses as
// "0x..." strings, a version 1 status as a list.
nlohmann::ordered_json op_debug_json(const OpDebugRecord& record);

}  // namespace msprobe::tensor
