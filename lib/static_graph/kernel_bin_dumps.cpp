#include "static_graph/kernel_bin_dumps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <regex>

#include "common/error.hpp"
#include "common/log.hpp"
#include "tensor/bin_tensor_layout.hpp"
#include "tensor/concatenate.hpp"
#include "tensor/ffts_slice.hpp"
#include "tensor/layout_conversion.hpp"
#include "tensor/strided.hpp"
#include "tensor/widen.hpp"

namespace msprobe::static_graph {

namespace fs = std::filesystem;
using tensor::BinDump;
using DumpPtr = std::shared_ptr<const BinDump>;

namespace {

constexpr std::uint64_t kFftsPlusTaskType = 4;

const tensor::BinDumpName& parsed(const DumpPtr& dump) { return *dump->parsed_name; }

// Time stamps of another length than 16 digits sort first, as msaccucmp's compare does.
std::uint64_t time_sort_key(const DumpPtr& dump) {
    const std::uint64_t timestamp = parsed(dump).timestamp;
    return std::to_string(timestamp).size() == 16 ? timestamp : 0;
}

bool is_ffts_plus(const DumpPtr& dump) {
    const auto& extended = parsed(dump).extended;
    return extended && extended->task_type == kFftsPlusTaskType;
}

// The slice number of a manual slice ("op_lxslice3" -> 3), else the thread id.
std::uint64_t slice_order(const DumpPtr& dump) {
    const std::string& op_name = parsed(dump).op_name;
    static const std::regex lxslice(R"(_lxslice(\d+)$)");
    std::smatch m;
    std::uint64_t number = parsed(dump).extended->thread_id;
    if (std::regex_search(op_name, m, lxslice)) std::from_chars(&*m[1].first, &*m[1].first + m[1].length(), number);
    return number;
}

// The first dim each output is cut along (an entry other than 1), or nullopt.
std::vector<std::optional<std::size_t>> output_cut_axes(const BinDump& first) {
    std::vector<std::optional<std::size_t>> axes(first.outputs.size());
    const auto split = tensor::ffts_auto_split(first.header.attrs);
    if (!split) return axes;
    for (std::size_t i = 0; i < axes.size() && i < split->output_cut_list.size(); ++i) {
        const auto& cuts = split->output_cut_list[i];
        const auto at = std::find_if(cuts.begin(), cuts.end(), [](std::int64_t cut) { return cut != 1; });
        if (at != cuts.end()) axes[i] = static_cast<std::size_t>(at - cuts.begin());
    }
    return axes;
}

void add_tensors(const std::vector<DumpPtr>& input_dumps, const std::vector<DumpPtr>& output_dumps,
                 const std::string& op_name, std::vector<BinKernelTensor>& out) {
    const DumpPtr& named = input_dumps.front();
    const auto add = [&](bool output, std::size_t count, const std::vector<DumpPtr>& dumps) {
        for (std::size_t slot = 0; slot < count; ++slot) {
            const char* io = output ? "output" : "input";
            BinKernelTensor tensor;
            tensor.key = fmt::format("{}.{}.{}.{}", op_name, parsed(named).task_id, io, slot);
            tensor.timestamp = parsed(named).timestamp;
            tensor.output = output;
            tensor.slot = slot;
            tensor.dumps = dumps;
            out.push_back(std::move(tensor));
        }
    };
    add(false, named->inputs.size(), input_dumps);
    add(true, named->outputs.size(), output_dumps);
}

// The files of one op: an ordinary op's last file by time stamp, or an FFTS+
// op's slices merged (its last slice alone when no output has a cut axis).
void add_op(std::vector<DumpPtr> dumps, const std::string& op_name, std::vector<BinKernelTensor>& out) {
    const bool ffts = std::all_of(dumps.begin(), dumps.end(), is_ffts_plus);
    if (ffts && dumps.size() > 1) {
        std::stable_sort(dumps.begin(), dumps.end(), [](const DumpPtr& a, const DumpPtr& b) {
            const auto ta = parsed(a).timestamp, tb = parsed(b).timestamp;
            return ta != tb ? ta < tb : slice_order(a) < slice_order(b);
        });
        const auto split = tensor::ffts_auto_split(dumps.front()->header.attrs);
        if (split && split->slice_instance_num != static_cast<std::int64_t>(dumps.size())) {
            log::warning(fmt::format("{} has {} FFTS+ slice files, its description {}.", op_name, dumps.size(),
                                     split->slice_instance_num));
        }
        const auto axes = output_cut_axes(*dumps.front());
        if (std::any_of(axes.begin(), axes.end(), [](const auto& axis) { return axis.has_value(); })) {
            add_tensors({dumps.front()}, dumps, op_name, out);
            return;
        }
        log::warning(fmt::format("the FFTS+ slices of {} have no cut axis; only the last one is compared.", op_name));
    }
    std::stable_sort(dumps.begin(), dumps.end(),
                     [](const DumpPtr& a, const DumpPtr& b) { return time_sort_key(a) < time_sort_key(b); });
    add_tensors({dumps.back()}, {dumps.back()}, op_name, out);
}

// `slices` joined along `axis` (all of one dtype, equal in every other dim).
tensor::TensorView concatenated(const std::vector<tensor::TensorView>& slices, std::size_t axis,
                                const std::string& what) {
    const tensor::TensorView& first = slices.front();
    if (axis >= first.shape.size())
        throw Error(what, fmt::format("cut axis {} of a {}-d slice", axis, first.shape.size()));
    if (tensor::concatenation_problem(slices, axis))
        throw Error(what, "FFTS+ slices differ in dtype or in a dim other than the cut axis");
    return tensor::concatenated(slices, axis);
}

}  // namespace

std::optional<std::string> normalised_kernel_op_name(std::string_view op_name) {
    static const std::regex trailing_slice(R"(_lxslice\d+$)");
    static const std::regex subgraph_prefix(R"(^.*sgt_graph_\d+_)");
    std::string name = std::regex_replace(std::string(op_name), trailing_slice, "");
    name = std::regex_replace(name, subgraph_prefix, "");
    if (name.find("_lxslice") != std::string::npos) return std::nullopt;
    return name;
}

bool is_kernel_dump_name(const fs::path& file, tensor::DumpNameResolver& names, std::vector<std::string>& warnings) {
    // A name outside the grammar is not a kernel dump: NPY mode ignores such files too.
    const auto name = names.parsed(file, warnings);
    return name && !name->is_op_debug();
}

std::vector<BinKernelTensor> bin_kernel_tensors(const std::vector<fs::path>& files) {
    std::map<std::string, std::vector<DumpPtr>> by_op;  // op name order, files in name order
    tensor::DumpNameResolver names;
    for (const auto& file : files) {
        auto dump = std::make_shared<const BinDump>(tensor::read_bin_dump(file, {.names = &names}));
        for (const auto& warning : dump->warnings) log::warning(fmt::format("{}: {}", file.string(), warning));
        if (!dump->parsed_name) continue;
        const auto op_name = normalised_kernel_op_name(dump->parsed_name->op_name);
        if (!op_name) {
            log::warning(
                fmt::format("{}: the op name still holds '_lxslice' after normalisation; skipped.", file.string()));
            continue;
        }
        by_op[*op_name].push_back(std::move(dump));
    }
    std::vector<BinKernelTensor> tensors;
    for (auto& [op_name, dumps] : by_op) add_op(std::move(dumps), op_name, tensors);
    return tensors;
}

std::string BinKernelTensor::name() const {
    return fmt::format("{}.{}.{}", dumps.front()->file, output ? "output" : "input", slot);
}

tensor::TensorView bin_kernel_values(const BinKernelTensor& tensor) {
    const std::string name = tensor.name();
    const BinDump& first = *tensor.dumps.front();
    const auto& header = (tensor.output ? first.header.outputs : first.header.inputs).at(tensor.slot);
    const tensor::BinTensor& stored = (tensor.output ? first.outputs : first.inputs).at(tensor.slot);
    tensor::TensorView logical;
    const auto axis = tensor.dumps.size() > 1 ? output_cut_axes(first).at(tensor.slot) : std::nullopt;
    if (axis) {
        std::vector<tensor::TensorView> slices;
        for (const auto& dump : tensor.dumps) slices.push_back(dump->outputs.at(tensor.slot).view());
        logical = tensor::to_logical_layout(concatenated(slices, *axis, name),
                                            static_cast<tensor::AscendFormat>(header.format), header.original_shape,
                                            name, header.sub_format);
    } else {
        logical = tensor::logical_values(stored, header, name);
    }
    // NumPy has no bfloat16: MindSpore saves such tensors as float32.
    if (logical.dtype == tensor::DType::BFloat16) return tensor::widened_to_float32(logical);
    return logical;
}

}  // namespace msprobe::static_graph
