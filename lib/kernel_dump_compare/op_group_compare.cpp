#include "kernel_dump_compare/op_group_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"
#include "kernel_dump_compare/compare_failure.hpp"
#include "kernel_dump_compare/op_dump.hpp"
#include "kernel_dump_compare/tensor_alignment.hpp"
#include "kernel_dump_compare/vector_metrics.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

constexpr const char* kNan = "NaN";

std::string joined(const std::vector<std::string>& items, const char* separator = ",") {
    return fmt::format("{}", fmt::join(items, separator));
}

std::string shape_cell(const std::vector<std::int64_t>& shape) { return fmt::format("[{}]", fmt::join(shape, ",")); }

bool scalar_shape(const std::vector<std::int64_t>& shape) {
    std::int64_t sum = 0;
    for (const auto d : shape) sum += d;
    return sum == static_cast<std::int64_t>(shape.size());
}

// One compared tensor: the cells after GroundTruth's Address.
struct TensorRow {
    std::string op_type, my_dtype = kNan, my_address = kNan, golden_dtype = kNan, golden_address = kNan;
    std::string tensor_id, shape;
    std::array<std::string, kAlgorithmCount> metrics = nan_cells();
    std::vector<std::string> messages;
};

ResultRow make_row(std::size_t op_id, const std::string& my_op, const std::string& golden_op, const TensorRow& t) {
    ResultRow row = {std::to_string(op_id), t.op_type,        my_op,       t.my_dtype, t.my_address, golden_op,
                     t.golden_dtype,        t.golden_address, t.tensor_id, t.shape};
    row.insert(row.end(), t.metrics.begin(), t.metrics.end());
    row.push_back(joined(t.messages));
    return row;
}

// FusionOpComResult.get_result's row for an op with no tensor result.
ResultRow empty_row(std::size_t op_id, const std::string& op_type, const std::string& my_op,
                    const std::string& golden_op, const std::vector<std::string>& messages) {
    ResultRow row = {std::to_string(op_id), op_type, my_op, kNan, kNan, golden_op, kNan, kNan, kNan, kNan};
    const auto nan = nan_cells();
    row.insert(row.end(), nan.begin(), nan.end());
    row.push_back(joined(messages));
    return row;
}

void measure(std::span<const float> mine, std::span<const float> golden, bool both_bool, bool scalar,
             const std::string& my_file, const std::string& golden_file, TensorRow& row) {
    VectorMetrics metrics;
    if (both_bool) {
        std::vector<std::uint8_t> m(mine.size()), g(golden.size());
        std::transform(mine.begin(), mine.end(), m.begin(), [](float v) { return v != 0.0F; });
        std::transform(golden.begin(), golden.end(), g.begin(), [](float v) { return v != 0.0F; });
        metrics = compare_bool_vectors(m, g, scalar, my_file, golden_file);
    } else {
        metrics = compare_vectors(VectorPair{mine, golden, scalar, my_file, golden_file});
    }
    row.metrics = metrics.cells;
    row.messages.insert(row.messages.end(), metrics.messages.begin(), metrics.messages.end());
}

// The golden name and index of an NPU op's output or input, through the producers of its inputs
// (FusionOpComparison.get_right_dump_data, FusionOp.get_origin_tensor).
class GoldenLookup {
public:
    explicit GoldenLookup(const RuleSides& sides) : sides_(sides) {}

    struct Origin {
        std::string name;
        std::int64_t index = 0;
        std::string format;
        std::vector<std::int64_t> shape;
    };

    Origin origin(const FusionOp& op, std::size_t index, bool is_input) const {
        const FusionOp* current = &op;
        std::size_t at = index;
        if (is_input) std::tie(current, at) = producer(*current, at);
        while (current->op_type == "Cast" || current->op_type == "TransData")
            std::tie(current, at) = producer(*current, at);
        if (current->output_desc.empty()) {
            throw CompareFailure(
                FailureCode::NoDumpFile,
                fmt::format("The output description of the fusion operator \"{}\" is empty.", current->op_name));
        }
        const OutputDesc& desc = current->output_desc[at < current->output_desc.size() ? at : 0];
        if (desc.origin_name.empty()) {
            throw CompareFailure(FailureCode::NoDumpFile,
                                 fmt::format("The origin name of the {}:{} is empty.", current->op_name, at));
        }
        return Origin{desc.origin_name, desc.origin_output_index.value_or(static_cast<std::int64_t>(at)),
                      desc.origin_format, desc.origin_shape};
    }

private:
    std::pair<const FusionOp*, std::size_t> producer(const FusionOp& op, std::size_t index) const {
        if (index >= op.inputs.size()) throw CompareFailure(FailureCode::IndexOutOfBounds, "");
        const std::string& input = op.inputs[index];
        const auto colon = input.find(':');
        const auto invalid = [&](const std::string& why) {
            return CompareFailure(FailureCode::InvalidJson,
                                  fmt::format("The input information ({}) is invalid. {}", input, why));
        };
        if (colon == std::string::npos || input.find(':', colon + 1) != std::string::npos) {
            throw invalid("It only supports op_name:index.");
        }
        const auto trim = [](std::string s) {
            s.erase(0, s.find_first_not_of(" \t\r\n"));
            s.erase(s.find_last_not_of(" \t\r\n") + 1);
            return s;
        };
        const std::string name = trim(input.substr(0, colon));
        const std::string number = trim(input.substr(colon + 1));
        if (name.empty()) throw invalid("The input operator name is empty.");
        if (number.empty() || !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            throw invalid("The input index only supports numbers.");
        }
        const FusionOp* found = sides_.rule.find_op(name);
        if (found == nullptr) {
            throw CompareFailure(FailureCode::InvalidParam,
                                 fmt::format("There is no \"{}\" in the fusion rule file.", name));
        }
        return {found, static_cast<std::size_t>(std::stoull(number))};
    }

    const RuleSides& sides_;
};

class FusionGroupComparison {
public:
    FusionGroupComparison(const FusionGroup& group, const RuleSides& sides)
        : group_(group), sides_(sides), lookup_(sides) {}

    GroupOutcome run() {
        switch (relation_of(group_)) {
            case FusionRelation::OneToOne:
            case FusionRelation::MultiToOne: return any_to_one();
            case FusionRelation::OneToMulti:
            case FusionRelation::MultiToMulti: return any_to_multi(group_.ops);
            case FusionRelation::L1Fusion: return l1_fusion();
        }
        return {};
    }

private:
    // _make_ops_without_map: the op and its original names ("*" for none).
    static std::pair<std::string, std::string> own_names(const FusionOp& op) {
        std::string golden = joined(op.original_op_names);
        return {op.op_name, golden.empty() ? "*" : golden};
    }

    // make_left_and_right_string over the group: its ops, and their original names per distinct list.
    std::pair<std::string, std::string> group_names() const {
        std::vector<std::string> keys;
        std::map<std::string, std::vector<std::string>> ops_of;
        for (const auto& op : group_.ops) {
            const std::string key = joined(op.original_op_names);
            if (!ops_of.count(key)) keys.push_back(key);
            ops_of[key].push_back(op.op_name);
        }
        std::vector<std::string> mine;
        for (const auto& key : keys) mine.insert(mine.end(), ops_of[key].begin(), ops_of[key].end());
        return {joined(mine), joined(keys)};
    }

    // _compare_by_operator: inputs (not for a dequant op), then outputs (not for AscendQuant).
    std::vector<TensorRow> compare_op(const FusionOp& op) {
        const OpFiles* files = sides_.mine.find(op.op_name);
        if (files == nullptr) {
            throw CompareFailure(
                FailureCode::NoDumpFile,
                fmt::format("[{0}] There is no dump file for my output operator \"{0}\". The type is {1}.", op.op_name,
                            op.op_type));
        }
        OpDump mine;
        // _compare_by_operator puts its own words in place of the reader's.
        const CompareFailure unreadable(
            FailureCode::InvalidShapeData,
            fmt::format("[{0}] There is no dump file for my output operator \"{0}\". The type is {1}.", op.op_name,
                        op.op_type));
        try {
            mine = read_op_dump(*files, sides_.mine.kind(), sides_.reading);
        } catch (const CompareFailure&) {
            throw unreadable;
        } catch (const Error&) {
            if (sides_.reading.refuse_damaged_dumps) throw;
            throw unreadable;
        }
        std::vector<TensorRow> rows;
        const auto ends = [&](const std::string& suffix) {
            return op.op_name.size() >= suffix.size() &&
                   op.op_name.compare(op.op_name.size() - suffix.size(), suffix.size(), suffix) == 0;
        };
        const bool dequant =
            op.op_type == "AscendDequant" || ends("_dequant_layer") || ends("AscendDequant") || ends("_dequant");
        if (!dequant) compare_tensors(op, mine, true, rows);
        if (op.op_type != "AscendQuant") compare_tensors(op, mine, false, rows);
        return rows;
    }

    void compare_tensors(const FusionOp& op, const OpDump& mine, bool is_input, std::vector<TensorRow>& rows) {
        const auto& tensors = is_input ? mine.data.inputs : mine.data.outputs;
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            const DumpTensor& tensor = tensors[i];
            TensorRow row;
            row.op_type = op.op_type;
            row.tensor_id = fmt::format("{}:{}:{}", op.op_name, is_input ? "input" : "output", i);
            row.my_address = tensor.address;
            try {
                compare_tensor(op, i, is_input, tensor, mine, row);
            } catch (const CompareFailure& failure) {
                row.metrics = nan_cells();
                row.my_dtype = kNan;
                row.golden_dtype = kNan;
                row.shape = shape_cell(tensor.shape);
                row.messages = {
                    failure.code() == FailureCode::NoDumpFile
                        ? fmt::format("[{}] There is no the ground truth dump file for {}.", op.op_name, row.tensor_id)
                        : std::string(failure.what())};
            }
            rows.push_back(std::move(row));
        }
    }

    void compare_tensor(const FusionOp& op, std::size_t index, bool is_input, const DumpTensor& tensor,
                        const OpDump& mine, TensorRow& row) {
        const GoldenLookup::Origin origin = lookup_.origin(op, index, is_input);
        const DumpFolder& golden = sides_.golden;
        const bool golden_npu = golden.kind() == DumpKind::Offline;
        std::optional<std::size_t> output_index;
        if (!golden_npu) output_index = static_cast<std::size_t>(origin.index);
        const OpFiles* files = golden.find(origin.name, output_index);
        if (files == nullptr) throw CompareFailure(FailureCode::NoDumpFile, "");
        OpDump golden_dump;
        try {
            golden_dump = read_op_dump(*files, golden.kind(), sides_.reading);
        } catch (const Error& e) {
            if (sides_.reading.refuse_damaged_dumps) throw;
            throw CompareFailure(FailureCode::InvalidShapeData, e.what());
        }
        GoldenSide side;
        const DumpTensor* golden_tensor = nullptr;
        if (golden_npu) {
            if (origin.index < 0 || static_cast<std::size_t>(origin.index) >= golden_dump.data.outputs.size()) {
                throw CompareFailure(FailureCode::IndexOutOfBounds, "");
            }
            golden_tensor = &golden_dump.data.outputs[static_cast<std::size_t>(origin.index)];
            const auto name = tensor::format_file_name(golden_tensor->format);
            side.format = name ? std::string(*name) : tensor::format_label(golden_tensor->format);
            side.shape = golden_tensor->shape;
        } else {
            golden_tensor = &golden_dump.data.outputs.front();
            side.format = origin.format;
            side.shape = origin.shape;
        }
        side.tensor = golden_tensor;
        if (!tensor.original_shape.empty()) side.shape = tensor.original_shape;
        const AlignedPair pair = align_with_golden(tensor, side, sides_.quant_vs_origin, op.op_name);
        row.my_dtype = array_dtype_name(tensor);
        row.golden_dtype = array_dtype_name(*golden_tensor);
        row.shape = shape_cell(pair.shape);
        if (pair.mine.values.size() != pair.golden.values.size()) {
            throw CompareFailure(FailureCode::InvalidShapeData, "");
        }
        measure(pair.mine.values, pair.golden.values, pair.both_bool, scalar_shape(pair.shape), mine.shown_path,
                golden_dump.shown_path, row);
    }

    GroupOutcome any_to_one() {
        GroupOutcome outcome;
        for (const auto& op : group_.ops) {
            if (op.quant_filtered) continue;
            std::vector<std::string> messages;
            std::vector<TensorRow> rows;
            try {
                rows = compare_op(op);
            } catch (const CompareFailure& failure) {
                outcome.code = static_cast<int>(failure.code());
                messages.emplace_back(failure.what());
            }
            if (!rows.empty()) outcome.matched = true;
            const auto [my_op, golden_op] = own_names(op);
            append(outcome, op, my_op, golden_op, rows, messages);
        }
        return outcome;
    }

    // _compare_for_any_to_multi (which skips inner nodes) and _compare_for_l1_fusion (which does not).
    GroupOutcome any_to_multi(const std::vector<FusionOp>& ops, bool skip_inner_nodes = true) {
        GroupOutcome outcome;
        const auto [my_op, golden_op] = group_names();
        std::vector<std::string> messages;
        bool any = false;
        for (const auto& op : ops) {
            if (op.quant_filtered) continue;
            if (skip_inner_nodes && op.is_inner_node()) {
                messages.push_back(
                    fmt::format("[{}] The op is inner node for multi to multi relation.Skip the op.", op.op_name));
                continue;
            }
            std::vector<TensorRow> rows;
            try {
                rows = compare_op(op);
            } catch (const CompareFailure& failure) {
                outcome.code = static_cast<int>(failure.code());
                messages.emplace_back(failure.what());
                if (failure.code() == FailureCode::NoDumpFile) continue;
            }
            any = true;
            outcome.matched = true;
            messages.clear();
            append(outcome, op, my_op, golden_op, rows, messages);
        }
        if (!any) append(outcome, group_.ops.front(), my_op, golden_op, {}, messages);
        return outcome;
    }

    // _compare_for_l1_fusion: the ops with the earliest and the latest NPU dump, when they differ in original names.
    GroupOutcome l1_fusion() {
        struct Timed {
            std::uint64_t timestamp;
            const FusionOp* op;
            std::string names;
        };
        std::vector<Timed> timed;
        for (const auto& op : group_.ops) {
            const OpFiles* files = sides_.mine.find(op.op_name);
            if (files == nullptr) continue;
            timed.push_back({file_timestamp(files->files.back().name), &op, joined(op.original_op_names)});
        }
        std::stable_sort(timed.begin(), timed.end(),
                         [](const Timed& a, const Timed& b) { return a.timestamp < b.timestamp; });
        if (timed.empty()) {
            GroupOutcome outcome;
            outcome.code = static_cast<int>(FailureCode::NoDumpFile);
            const auto [my_op, golden_op] = group_names();
            append(outcome, group_.ops.front(), my_op, golden_op, {}, {"The fusion operator list is empty"});
            return outcome;
        }
        std::vector<FusionOp> chosen;
        if (timed.back().names != timed.front().names) chosen.push_back(*timed.front().op);
        chosen.push_back(*timed.back().op);
        return any_to_multi(chosen, false);
    }

    static void append(GroupOutcome& outcome, const FusionOp& op, const std::string& my_op,
                       const std::string& golden_op, const std::vector<TensorRow>& rows,
                       const std::vector<std::string>& messages) {
        if (rows.empty()) {
            outcome.rows.push_back(empty_row(op.op_id, op.real_op_type(), my_op, golden_op, messages));
            return;
        }
        for (const auto& row : rows) outcome.rows.push_back(make_row(op.op_id, my_op, golden_op, row));
    }

    const FusionGroup& group_;
    const RuleSides& sides_;
    GoldenLookup lookup_;
};

// NpuVsNpuComparison._check_op_data_valid and check_tensor_valid.
std::optional<std::string> tensors_mismatch(const std::string& op_name, const std::vector<DumpTensor>& mine,
                                            const std::vector<DumpTensor>& golden, const char* kind) {
    if (mine.size() != golden.size()) {
        return fmt::format("[{}] The number of {} does not match ({} vs {}).", op_name, kind, mine.size(),
                           golden.size());
    }
    if (mine.empty()) return fmt::format("[{0}] There is no {1}. Skip the {0}:{1}.", op_name, kind);
    for (std::size_t i = 0; i < mine.size(); ++i) {
        if (mine[i].shape != golden[i].shape) {
            return fmt::format("[{}] The shape does not match ({} vs {}) for {}:{}:{}.", op_name,
                               shape_text(mine[i].shape), shape_text(golden[i].shape), op_name, kind, i);
        }
    }
    return std::nullopt;
}

}  // namespace

GroupOutcome compare_fusion_group(const FusionGroup& group, const RuleSides& sides) {
    return FusionGroupComparison(group, sides).run();
}

GroupOutcome compare_npu_pair(const FusionGroup& group, const DumpFolder& mine, const DumpFolder& golden,
                              const ReadPolicy& reading) {
    GroupOutcome outcome;
    const FusionOp& first = group.ops.front();
    if (group.ops.size() == 1) {
        const bool left = first.op_type == "Left";
        const std::string message =
            left ? fmt::format("[{0}] There is no the ground truth dump file for the op \"{0}\".", first.op_name)
                 : fmt::format("[{0}] There is no the my output dump file for the op \"{0}\".", first.op_name);
        outcome.rows.push_back(empty_row(first.op_id, first.real_op_type(), left ? first.op_name : "*",
                                         left ? "*" : first.op_name, {message}));
        outcome.code = static_cast<int>(FailureCode::NoDumpFile);
        return outcome;
    }
    const OpFiles* my_files = mine.find(first.op_name);
    const OpFiles* golden_files = golden.find(group.ops[1].op_name);
    OpDump my_dump, golden_dump;
    try {
        my_dump = read_op_dump(*my_files, DumpKind::Offline, reading);
        golden_dump = read_op_dump(*golden_files, DumpKind::Offline, reading);
    } catch (const std::exception& failure) {
        if (reading.refuse_damaged_dumps && dynamic_cast<const Error*>(&failure) != nullptr) throw;
        outcome.rows.push_back(
            empty_row(first.op_id, first.real_op_type(), first.op_name, first.op_name, {failure.what()}));
        outcome.code = static_cast<int>(FailureCode::InvalidShapeData);
        outcome.matched = true;
        return outcome;
    }
    // A dump with attributes names the op by its header (NpuVsNpuComparison._get_dump_data).
    std::string name = first.op_name;
    if (!my_dump.data.op_name.empty() && my_dump.data.has_attributes) name = my_dump.data.op_name;
    const std::string op_type = op_type_of_file(my_files->files.back().path.filename().string());

    std::vector<ResultRow> rows;
    const auto compare = [&](const std::vector<DumpTensor>& left, const std::vector<DumpTensor>& right,
                             const char* kind) {
        for (std::size_t i = 0; i < left.size() && i < right.size(); ++i) {
            TensorRow row;
            row.op_type = op_type;
            row.tensor_id = fmt::format("{}:{}:{}", name, kind, i);
            row.shape = shape_cell(left[i].shape);
            row.my_dtype = left[i].data_type ? data_type_cell(*left[i].data_type) : kNan;
            row.golden_dtype = right[i].data_type ? data_type_cell(*right[i].data_type) : kNan;
            row.my_address = left[i].address;
            row.golden_address = right[i].address;
            try {
                const Float32Values a = restored_values(left[i], my_dump.shown_path);
                const Float32Values b = restored_values(right[i], golden_dump.shown_path);
                if (a.values.size() != b.values.size()) {
                    throw CompareFailure(FailureCode::InvalidShape,
                                         fmt::format("[{}_TENSOR] Shape mismatch after restore: ({},) vs ({},)",
                                                     first.op_name, a.values.size(), b.values.size()));
                }
                measure(a.values, b.values, false, scalar_shape(left[i].shape), my_dump.shown_path,
                        golden_dump.shown_path, row);
            } catch (const CompareFailure& failure) {
                row.metrics = nan_cells();
                row.messages.emplace_back(failure.what());
            }
            rows.push_back(make_row(first.op_id, name, name, row));
        }
    };
    const auto input_problem = tensors_mismatch(first.op_name, my_dump.data.inputs, golden_dump.data.inputs, "input");
    if (!input_problem) compare(my_dump.data.inputs, golden_dump.data.inputs, "input");
    const auto output_problem =
        tensors_mismatch(first.op_name, my_dump.data.outputs, golden_dump.data.outputs, "output");
    if (!output_problem) compare(my_dump.data.outputs, golden_dump.data.outputs, "output");
    std::vector<std::string> messages;
    if (!my_dump.slices_complete) {
        messages.emplace_back(
            "This is a FFTS+ mode dump data, The number of files does not match the number of thread");
    }
    outcome.matched = true;
    if (input_problem && output_problem) {
        messages.push_back(*input_problem);
        messages.push_back(*output_problem);
        outcome.rows.push_back(empty_row(first.op_id, first.real_op_type(), name, name, messages));
        outcome.code = static_cast<int>(FailureCode::InvalidShapeData);
        return outcome;
    }
    outcome.rows = std::move(rows);
    return outcome;
}

}  // namespace msprobe::kernel_dump_compare
