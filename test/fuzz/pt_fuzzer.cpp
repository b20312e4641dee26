// .pt: the zip container, the restricted pickle machine and the tensor view; the same bytes read as a
// whole checkpoint too (other classes kept by name, every tensor viewed).
#include "fuzz_file.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor_pass.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("tensor.pt", data, size);
    fuzz::expect_result_or_error([&] { fuzz::use_tensor(tensor::read_pt(path), path.string()); });
    fuzz::expect_result_or_error([&] {
        const auto checkpoint = tensor::read_pt_object(path);
        for (const auto& view : checkpoint.tensors) fuzz::use_tensor(view, path.string());
    });
    return 0;
}
