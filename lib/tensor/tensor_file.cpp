#include "tensor/tensor_file.hpp"

#include <cstring>
#include <new>

#include "common/error.hpp"
#include "tensor/half.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/read_error.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {

namespace {

template <class T>
T load(const std::byte* element) {
    T value;
    std::memcpy(&value, element, sizeof value);
    return value;
}

// Calls append(double) once per scalar component of the element.
template <class Append>
void widen(DType dtype, const std::byte* element, Append&& append) {
    switch (dtype) {
        case DType::Float16: append(half_to_float(load<std::uint16_t>(element))); return;
        case DType::BFloat16: append(bfloat16_to_float(load<std::uint16_t>(element))); return;
        case DType::Float32: append(load<float>(element)); return;
        case DType::Float64: append(load<double>(element)); return;
        case DType::Int8: append(load<std::int8_t>(element)); return;
        case DType::Int16: append(load<std::int16_t>(element)); return;
        case DType::Int32: append(load<std::int32_t>(element)); return;
        case DType::Int64: append(static_cast<double>(load<std::int64_t>(element))); return;
        case DType::UInt8: append(load<std::uint8_t>(element)); return;
        case DType::Bool: append(load<std::uint8_t>(element) != 0 ? 1.0 : 0.0); return;
        case DType::Complex64:
            append(load<float>(element));
            append(load<float>(element + sizeof(float)));
            return;
        case DType::Complex128:
            append(load<double>(element));
            append(load<double>(element + sizeof(double)));
            return;
    }
}

}  // namespace

TensorView read_tensor_file(const std::filesystem::path& file) {
    const auto suffix = file.extension();
    if (suffix != ".pt" && suffix != ".npy") {
        fail(file.string(), ReadFailure::Unsupported, "not a tensor file: expected the suffix .pt or .npy");
    }
    // Whatever a hostile file provokes (an allocation failing, a library's
    // exception) reaches the caller as an error naming the file, so that a
    // compare row can read "read failed" instead of ending the run.
    try {
        return suffix == ".pt" ? read_pt(file) : read_npy(file);
    } catch (const Error&) {
        throw;
    } catch (const std::bad_alloc&) {
        fail(file.string(), ReadFailure::Limit, "out of memory while reading the tensor");
    } catch (const std::exception& e) {
        fail(file.string(), ReadFailure::Corrupt, e.what());
    }
}

std::vector<double> to_double_vector(const TensorView& view) {
    std::vector<double> values;
    const bool complex = view.dtype == DType::Complex64 || view.dtype == DType::Complex128;
    values.reserve(static_cast<std::size_t>(view.numel()) * (complex ? 2 : 1));
    const auto append = [&values](double value) { values.push_back(value); };
    for_each_element(view, [&](const std::byte* element) { widen(view.dtype, element, append); });
    return values;
}

}  // namespace msprobe::tensor
