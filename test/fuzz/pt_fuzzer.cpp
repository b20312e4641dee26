// .pt: the zip container, the restricted pickle machine and the tensor view.
#include "fuzz_file.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor_pass.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("tensor.pt", data, size);
    fuzz::expect_result_or_error([&] { fuzz::use_tensor(tensor::read_pt(path), path.string()); });
    return 0;
}
