#include "kernel_dump_compare/op_dump.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "kernel_dump_compare/compare_failure.hpp"
#include "kernel_dump_compare/dump_folder.hpp"
#include "kernel_dump_compare/float_array.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

using nlohmann::json;

// The FFTS+ description a slice file's first attribute holds (DumpDataObj.attr).
struct SliceDescription {
    std::int64_t threads = 0;                    // slice_instance_num
    std::vector<std::vector<std::size_t>> cuts;  // per output: the dims whose outputCutList factor is not 1
};

SliceDescription slice_description(const DumpFileTensors& data) {
    SliceDescription d;
    const json attr = json::parse(data.first_attribute, nullptr, false);
    if (!attr.is_object()) return d;
    if (attr.contains("slice_instance_num") && attr["slice_instance_num"].is_number_integer()) {
        d.threads = attr["slice_instance_num"].get<std::int64_t>();
    }
    if (attr.contains("outputCutList") && attr["outputCutList"].is_array()) {
        for (const auto& output : attr["outputCutList"]) {
            std::vector<std::size_t> axes;
            if (output.is_array()) {
                for (std::size_t i = 0; i < output.size(); ++i) {
                    if (!(output[i].is_number() && output[i].get<double>() == 1)) axes.push_back(i);
                }
            }
            d.cuts.push_back(std::move(axes));
        }
    }
    return d;
}

// np.concatenate along `axis`: the arrays agree on every other dim.
FloatArray concatenated(const std::vector<FloatArray>& parts, std::size_t axis, const std::string& what) {
    FloatArray out;
    out.shape = parts.front().shape;
    if (axis >= out.shape.size()) throw CompareFailure(FailureCode::InvalidShapeData, what + ": cut axis out of range");
    out.shape[axis] = 0;
    for (const auto& part : parts) {
        auto other = part.shape;
        auto first = parts.front().shape;
        if (other.size() != first.size())
            throw CompareFailure(FailureCode::InvalidShapeData, what + ": slice ranks differ");
        other[axis] = first[axis] = 0;
        if (other != first) throw CompareFailure(FailureCode::InvalidShapeData, what + ": slice shapes differ");
        out.shape[axis] += part.shape[axis];
    }
    std::int64_t outer = 1, inner = 1;
    for (std::size_t i = 0; i < axis; ++i) outer *= out.shape[i];
    for (std::size_t i = axis + 1; i < out.shape.size(); ++i) inner *= out.shape[i];
    out.values.reserve(static_cast<std::size_t>(element_count_of(out.shape)));
    for (std::int64_t o = 0; o < outer; ++o) {
        for (const auto& part : parts) {
            const auto block = static_cast<std::size_t>(part.shape[axis] * inner);
            const auto begin = part.values.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(o) * block);
            out.values.insert(out.values.end(), begin, begin + static_cast<std::ptrdiff_t>(block));
        }
    }
    return out;
}

// A float32 tensor owning `array`, with `like`'s header fields.
DumpTensor merged_tensor(const DumpTensor& like, FloatArray array) {
    DumpTensor t = like;
    t.shape = array.shape;
    auto buffer = std::make_shared<std::vector<float>>(std::move(array.values));
    t.values = tensor::TensorView{};
    t.values.dtype = tensor::DType::Float32;
    t.values.shape = t.shape;
    t.values.strides.assign(t.shape.size(), 1);
    for (std::size_t i = t.shape.size(); i-- > 1;) t.values.strides[i - 1] = t.values.strides[i] * t.shape[i];
    t.values.data = reinterpret_cast<const std::byte*>(buffer->data());
    t.values.owner = buffer;
    t.error.reset();
    return t;
}

// FFTSParser.parse_ffts: every thread's slice of each output put back together along its cut axis.
OpDump merged_slices(const OpFiles& files, const ReadPolicy& policy) {
    std::vector<DumpFileTensors> slices;
    for (const auto& file : files.files) slices.push_back(read_kernel_dump(file.path, policy));
    OpDump dump;
    const DumpFileTensors& base = slices.front();
    const SliceDescription description = slice_description(base);
    dump.slices_complete = static_cast<std::int64_t>(slices.size()) == description.threads;
    const bool no_cut =
        std::all_of(description.cuts.begin(), description.cuts.end(), [](const auto& axes) { return axes.empty(); });
    if (no_cut) {
        // The slice with the greatest fifth name field stands for the op.
        std::size_t chosen = 0;
        for (std::size_t i = 0; i < files.files.size(); ++i) {
            const auto field = [](const std::string& path) {
                std::string name = std::filesystem::path(path).filename().string();
                for (int k = 0; k < 4 && name.find('.') != std::string::npos; ++k)
                    name = name.substr(name.find('.') + 1);
                return name.substr(0, name.find('.'));
            };
            if (field(files.files[i].name) >= field(files.files[chosen].name)) chosen = i;
        }
        dump.data = std::move(slices[chosen]);
        dump.shown_path = files.files[chosen].path.string();
        return dump;
    }
    const std::string what = files.files.front().path.string();
    for (const auto& slice : slices) {
        if (slice.outputs.size() != base.outputs.size()) {
            throw CompareFailure(FailureCode::InvalidShapeData,
                                 fmt::format("Inconsistent output length detected: expected {}, but got {}",
                                             base.outputs.size(), slice.outputs.size()));
        }
    }
    dump.data.path = base.path;
    dump.data.op_name = without_slice_marks(base.op_name);
    // The merged dump is a new object without attributes: rows keep the folder's op name.
    dump.data.has_attributes = false;
    dump.data.inputs = base.inputs;
    dump.data.owner = base.owner;
    for (std::size_t o = 0; o < base.outputs.size(); ++o) {
        const bool cut = o < description.cuts.size() && !description.cuts[o].empty();
        if (!cut) {
            dump.data.outputs.push_back(base.outputs[o]);
            continue;
        }
        std::vector<FloatArray> parts;
        for (const auto& slice : slices) {
            const DumpTensor& t = slice.outputs[o];
            if (t.error) throw CompareFailure(FailureCode::InvalidShapeData, *t.error);
            parts.push_back(FloatArray{t.values.shape, float32_values(t.values)});
        }
        dump.data.outputs.push_back(
            merged_tensor(base.outputs[o], concatenated(parts, description.cuts[o].front(), what)));
    }
    // The path shown: the first file's path up to its fourth '.', then ".*".
    const std::string first = files.files.front().path.string();
    std::vector<std::string> pieces;
    std::size_t start = 0;
    while (pieces.size() < 4) {
        const auto dot = first.find('.', start);
        pieces.push_back(first.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    pieces.emplace_back("*");
    dump.shown_path = fmt::format("{}", fmt::join(pieces, "."));
    return dump;
}

}  // namespace

OpDump read_op_dump(const OpFiles& files, DumpKind kind, const ReadPolicy& policy) {
    if (kind == DumpKind::Offline && files.mode != TaskMode::Normal && files.files.size() > 1)
        return merged_slices(files, policy);
    OpDump dump;
    const DumpFile& last = files.files.back();
    dump.data = kind == DumpKind::Offline ? read_kernel_dump(last.path, policy) : read_golden_npy(last.path);
    dump.shown_path = last.path.string();
    return dump;
}

}  // namespace msprobe::kernel_dump_compare
