#include "tensor/tensor_file.hpp"

#include <cstring>
#include <new>

#include "common/error.hpp"
#include "tensor/element_value.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/read_error.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {

namespace {

// Calls append(double) once per scalar component of the element.
template <class Append>
void widen(DType dtype, const std::byte* element, Append&& append) {
    switch (dtype) {
        case DType::Complex64:
            append(load_element<float>(element));
            append(load_element<float>(element + sizeof(float)));
            return;
        case DType::Complex128:
            append(load_element<double>(element));
            append(load_element<double>(element + sizeof(double)));
            return;
        default: append(element_as<double>(element, dtype));
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
