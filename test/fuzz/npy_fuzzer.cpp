// .npy: the header dictionary, the dtype and the shape against the bytes present.
#include "fuzz_file.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor_pass.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("tensor.npy", data, size);
    fuzz::expect_result_or_error([&] { fuzz::use_tensor(tensor::read_npy(path), path.string()); });
    return 0;
}
