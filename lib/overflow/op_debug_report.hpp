#pragma once
// What overflow_check reports for the op-debug files of a kernel dump tree:
// per overflow, the op that overflowed and the values of its inputs and
// outputs (in their logical layout), as text in msprobe's overflow summary
// shape and as JSON.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "overflow/op_debug_overflow.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::overflow {

struct OverflowTensor {
    std::string file_name;  // "{kernel dump}.input.0.npy", the file its values are written to
    std::string format;     // the layout of those values: NCHW, ND, ...
    std::optional<tensor::TensorView> values;  // nullopt when the tensor could not be decoded
    std::string description;  // "[Shape: (2, 2)] [Dtype: float16] [Max: inf] ...", or why there are no values
};

// The op of a kernel dump, described once however many records point at it.
struct OverflowOp {
    std::string op_type;  // of the kernel dump
    std::string op_name;  // from its header
    std::vector<OverflowTensor> tensors;  // inputs, then outputs
};

struct OpDebugReportEntry {
    OpDebugOverflow overflow;
    std::shared_ptr<const OverflowOp> op;  // null when no kernel dump was found
};

// Reads a kernel dump and describes its tensors. Throws msprobe::Error naming
// a dump that cannot be read.
OverflowOp describe_kernel_dump(const std::filesystem::path& kernel_dump);

// The overflow with the op its kernel dump holds (when there is one).
OpDebugReportEntry describe_overflow(OpDebugOverflow overflow);

// The same for many overflows on the pool, each kernel dump read once: the
// records that point at one dump share its description.
std::vector<OpDebugReportEntry> describe_overflows(std::vector<OpDebugOverflow> overflows, ThreadPool& pool);

// msprobe's overflow_summary text: per overflow a numbered rule, the op, one
// line per overflowing block, the time stamp, then each tensor's file and values.
std::string op_debug_summary_text(const std::vector<OpDebugReportEntry>& entries);

nlohmann::ordered_json op_debug_report_json(const std::vector<OpDebugReportEntry>& entries);

}  // namespace msprobe::overflow
