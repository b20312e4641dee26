#include "overflow/op_debug_report.hpp"

#include <fmt/format.h>

#include <exception>
#include <map>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "tensor/ascend_format.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/bin_tensor_layout.hpp"
#include "tensor/layout_conversion.hpp"
#include "tensor/numpy_text.hpp"
#include "tensor/tensor_summary.hpp"

namespace fs = std::filesystem;

namespace msprobe::overflow {

namespace {

OverflowTensor describe_tensor(const tensor::BinTensor& tensor, const tensor::BinTensorHeader& header,
                               const std::string& file_name, const std::string& dump_path) {
    OverflowTensor described;
    described.file_name = file_name;
    const auto format = static_cast<tensor::AscendFormat>(header.format);
    try {
        described.values = tensor::logical_values(tensor, header, dump_path);
        described.format = tensor::format_label(tensor::logical_format(format, tensor.stored_view().shape.size()));
        const auto& values = *described.values;
        if (values.numel() == 0) {
            described.description =
                fmt::format("[Shape: {}] [Dtype: {}] [empty]", tensor::shape_tuple_text(values.shape),
                            tensor::numpy_dtype_name(values.dtype));
        } else {
            described.description =
                tensor::spec_text(tensor::summarize(values, tensor::tensor_values(values, dump_path)));
        }
    } catch (const Error& error) {
        described.values.reset();
        described.format = tensor::format_label(format);
        described.description = fmt::format("[not decoded: {}]", error.reason());
    }
    return described;
}

std::string rule(std::size_t number) {
    return fmt::format("{}[{}]{}\n", std::string(49, '='), number, std::string(50, '='));
}

}  // namespace

OverflowOp describe_kernel_dump(const fs::path& path) {
    OverflowOp op;
    const tensor::BinDump dump = tensor::read_bin_dump(path);
    op.op_type = dump.parsed_name ? dump.parsed_name->op_type : std::string();
    op.op_name = dump.header.op_name;
    const std::string base = path.filename().string();
    for (std::size_t i = 0; i < dump.inputs.size(); ++i) {
        op.tensors.push_back(describe_tensor(dump.inputs[i], dump.header.inputs[i],
                                             fmt::format("{}.input.{}.npy", base, i), path.string()));
    }
    for (std::size_t i = 0; i < dump.outputs.size(); ++i) {
        op.tensors.push_back(describe_tensor(dump.outputs[i], dump.header.outputs[i],
                                             fmt::format("{}.output.{}.npy", base, i), path.string()));
    }
    return op;
}

OpDebugReportEntry describe_overflow(OpDebugOverflow overflow) {
    OpDebugReportEntry entry;
    entry.overflow = std::move(overflow);
    if (entry.overflow.kernel_dump) {
        entry.op = std::make_shared<const OverflowOp>(describe_kernel_dump(*entry.overflow.kernel_dump));
    }
    return entry;
}

std::vector<OpDebugReportEntry> describe_overflows(std::vector<OpDebugOverflow> overflows, ThreadPool& pool) {
    std::map<fs::path, std::shared_ptr<const OverflowOp>> ops;  // one per kernel dump
    for (const auto& overflow : overflows) {
        if (overflow.kernel_dump) ops.emplace(*overflow.kernel_dump, nullptr);
    }
    std::vector<std::map<fs::path, std::shared_ptr<const OverflowOp>>::iterator> pending;
    for (auto it = ops.begin(); it != ops.end(); ++it) pending.push_back(it);
    std::vector<std::exception_ptr> failures(pending.size());
    pool.parallel_for(static_cast<std::int64_t>(pending.size()), [&](std::int64_t i) {
        const auto at = static_cast<std::size_t>(i);
        try {
            pending[at]->second = std::make_shared<const OverflowOp>(describe_kernel_dump(pending[at]->first));
        } catch (...) {
            failures[at] = std::current_exception();
        }
    });
    for (const auto& failure : failures) {
        if (failure) std::rethrow_exception(failure);  // the first kernel dump by path, whichever thread met it
    }
    std::vector<OpDebugReportEntry> entries;
    entries.reserve(overflows.size());
    for (auto& overflow : overflows) {
        OpDebugReportEntry entry;
        if (overflow.kernel_dump) entry.op = ops.at(*overflow.kernel_dump);
        entry.overflow = std::move(overflow);
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::string op_debug_summary_text(const std::vector<OpDebugReportEntry>& entries) {
    std::string text;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& entry = entries[i];
        text += rule(i + 1);
        if (entry.op) text += fmt::format("[{}] {}\n", entry.op->op_type, entry.op->op_name);
        for (const auto& source : entry.overflow.sources) {
            text += fmt::format(" [{}][TaskId:{}][StreamId:{}][Status:{}]\n", source.kind, source.task_id,
                                source.stream_id, source.status_text);
        }
        text += fmt::format(" [timestamp:{}]\n", entry.overflow.timestamp);
        if (!entry.op) continue;
        for (const auto& tensor : entry.op->tensors) {
            text += fmt::format(" {}\n -[Format: {}] {}\n", tensor.file_name, tensor.format, tensor.description);
        }
    }
    return text;
}

nlohmann::ordered_json op_debug_report_json(const std::vector<OpDebugReportEntry>& entries) {
    auto overflows = nlohmann::ordered_json::array();
    for (const auto& entry : entries) {
        nlohmann::ordered_json item;
        item["op_debug_file"] = entry.overflow.op_debug_file.string();
        item["timestamp"] = entry.overflow.timestamp;
        auto sources = nlohmann::ordered_json::array();
        for (const auto& source : entry.overflow.sources) {
            sources.push_back({{"kind", source.kind},
                               {"task_id", source.task_id},
                               {"stream_id", source.stream_id},
                               {"status", source.status_text}});
        }
        item["sources"] = std::move(sources);
        item["kernel_dump"] = entry.overflow.kernel_dump ? nlohmann::ordered_json(entry.overflow.kernel_dump->string())
                                                         : nlohmann::ordered_json(nullptr);
        item["op_type"] = entry.op ? entry.op->op_type : std::string();
        item["op_name"] = entry.op ? entry.op->op_name : std::string();
        auto tensors = nlohmann::ordered_json::array();
        static const std::vector<OverflowTensor> none;
        for (const auto& tensor : entry.op ? entry.op->tensors : none) {
            tensors.push_back({{"file", tensor.file_name},
                               {"format", tensor.format},
                               {"decoded", tensor.values.has_value()},
                               {"summary", tensor.description}});
        }
        item["tensors"] = std::move(tensors);
        overflows.push_back(std::move(item));
    }
    return {{"overflows", std::move(overflows)}};
}

}  // namespace msprobe::overflow
