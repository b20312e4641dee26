#include "torchair_compare/ge_dump_tensors.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "common/error.hpp"
#include "common/log.hpp"
#include "tensor/ascend_format.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/bin_tensor_layout.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/strided.hpp"
#include "tensor/widen.hpp"
#include "tensor/zip_archive.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;
using tensor::AscendFormat;
using tensor::TensorView;

namespace {

// The format ConvertSingleTensorFormat converts a tensor from: its own, or ND
// for a plain 4-D format whose device shape is not 4-D.
AscendFormat source_format(const tensor::BinTensorHeader& header) {
    const auto format = static_cast<AscendFormat>(header.format);
    const bool plain_4d = format == AscendFormat::HWCN || format == AscendFormat::NCHW || format == AscendFormat::NHWC;
    return plain_4d && header.shape.size() != 4 ? AscendFormat::ND : format;
}

AscendFormat target_format(const tensor::BinTensorHeader& header, AscendFormat source) {
    switch (header.original_shape.size()) {
        case 4: return AscendFormat::NCHW;
        case 3:
        case 2: return AscendFormat::ND;
        default: return source;
    }
}

// msaccucmp's built-in converters (format_manager/builtin_format_convert) into NCHW or ND.
bool has_converter(AscendFormat from, AscendFormat to) {
    using enum AscendFormat;
    if (to == NCHW) return from == FRACTAL_NZ || from == FRACTAL_Z || from == NC1HWC0 || from == NHWC || from == HWCN;
    return to == ND && (from == FRACTAL_NZ || from == NDC1HWC0);
}

TensorView reshaped(TensorView view, std::vector<std::int64_t> shape) {
    view = tensor::to_contiguous(view);
    view.strides = tensor::row_major_strides(shape);
    view.shape = std::move(shape);
    return view;
}

TensorView as_handed_over(const tensor::BinTensor& stored, const tensor::BinTensorHeader& header,
                          const std::string& what) {
    if (stored.error) throw Error(what, stored.error->reason());
    const AscendFormat from = source_format(header);
    const AscendFormat to = target_format(header, from);
    std::optional<TensorView> converted;
    if (from != to && has_converter(from, to)) {
        try {
            converted = tensor::logical_values(stored, header, what);
            const auto& o = header.original_shape;
            if (from == AscendFormat::FRACTAL_NZ && to == AscendFormat::NCHW) {
                converted = reshaped(*converted, {o[0] * o[1], o[2], o[3]});
            }
        } catch (const Error& e) {
            log::warning(fmt::format("{}; compared as stored", e.what()));
        }
    }
    const TensorView values = converted ? *converted : stored.view();
    if (values.dtype == tensor::DType::BFloat16) return tensor::widened_to_float32(values);
    return values;
}

GeDumpTensors kernel_dump_tensors(const fs::path& file) {
    const auto dump = tensor::read_bin_dump(file);
    for (const auto& warning : dump.warnings) log::warning(fmt::format("{}: {}", file.string(), warning));
    GeDumpTensors tensors;
    for (std::size_t i = 0; i < dump.inputs.size(); ++i) {
        const std::string what = fmt::format("{} (input {})", file.string(), i);
        tensors.inputs.push_back(as_handed_over(dump.inputs[i], dump.header.inputs[i], what));
    }
    for (std::size_t i = 0; i < dump.outputs.size(); ++i) {
        const std::string what = fmt::format("{} (output {})", file.string(), i);
        tensors.outputs.push_back(as_handed_over(dump.outputs[i], dump.header.outputs[i], what));
    }
    return tensors;
}

// One array of an .npz file split along its first axis: iterating a NumPy array yields its rows.
std::vector<TensorView> npz_rows(const tensor::ZipArchive& archive, const std::string& name,
                                 const std::shared_ptr<const tensor::MappedFile>& mapped) {
    const tensor::ZipEntry* entry = archive.find(name + ".npy");
    if (entry == nullptr) return {};
    const std::string what = fmt::format("{} ({})", archive.file(), name);
    const TensorView array = tensor::read_npy(archive.stored_data(*entry), mapped, what);
    if (array.shape.size() < 2) {
        throw Error(what, fmt::format("an array of {} dims: each tensor of the file is one row of a 2-D or larger "
                                      "array",
                                      array.shape.size()));
    }
    std::vector<TensorView> rows;
    const auto element_size = static_cast<std::int64_t>(tensor::dtype_size(array.dtype));
    for (std::int64_t i = 0; i < array.shape[0]; ++i) {
        TensorView row = array;
        row.shape.erase(row.shape.begin());
        row.strides.erase(row.strides.begin());
        row.data = array.data + i * array.strides[0] * element_size;
        rows.push_back(std::move(row));
    }
    return rows;
}

GeDumpTensors npz_tensors(const fs::path& file) {
    const auto mapped = tensor::MappedFile::open(file);
    const tensor::ZipArchive archive(mapped->bytes(), file.string());
    return {npz_rows(archive, "inputs", mapped), npz_rows(archive, "outputs", mapped)};
}

}  // namespace

GeDumpTensors read_ge_dump_tensors(const fs::path& file) {
    if (file.native().ends_with(".npz")) return npz_tensors(file);
    return kernel_dump_tensors(file);
}

}  // namespace msprobe::torchair_compare
