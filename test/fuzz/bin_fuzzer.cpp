// Kernel dumps (.bin): container detection, the protobuf and nano headers,
// the data section against hostile sizes, every element type, FFTS+ slice
// attributes (the name carries a thread id) and the op-debug record.
#include "fuzz_file.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/op_debug_file.hpp"
#include "tensor_pass.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("Mul.ffts_mul.4.9.1700000000005000.4.2.1.0", data, size);
    fuzz::expect_result_or_error([&] {
        const auto dump = tensor::read_bin_dump(path, {.legacy_layout = true});
        for (const auto* tensors : {&dump.inputs, &dump.outputs}) {
            for (const auto& tensor : *tensors) {
                if (tensor.values) fuzz::use_tensor(*tensor.values, path.string());
            }
        }
        (void)tensor::op_debug_json(tensor::read_op_debug_record(dump));
    });
    return 0;
}
