// Kernel dumps (.bin): container detection, the protobuf and nano headers,
// the data section against hostile sizes, every element type, FFTS+ slice
// attributes (the name carries a thread id) and the op-debug record. The
// seeds include headers of many tensor slots (scripts/fuzz.sh): whatever a
// read accepts must stay within the per-file bounds, or it is a finding.
#include <cstdlib>

#include "fuzz_file.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/op_debug_file.hpp"
#include "tensor/stored_type.hpp"
#include "tensor_pass.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("Mul.ffts_mul.4.9.1700000000005000.4.2.1.0", data, size);
    fuzz::expect_result_or_error([&] {
        const auto dump = tensor::read_bin_dump(path, {.legacy_layout = true});
        const std::size_t slots = dump.inputs.size() + dump.outputs.size() + dump.buffers.size() + dump.spaces.size();
        if (slots > tensor::kMaxBinTensors || dump.header.attrs.size() > tensor::kMaxBinAttrs) std::abort();
        if (dump.decoded_bytes > tensor::kMaxWidening * size) std::abort();
        for (const auto* tensors : {&dump.inputs, &dump.outputs}) {
            for (const auto& tensor : *tensors) {
                if (tensor.values) fuzz::use_tensor(*tensor.values, path.string());
            }
        }
        (void)tensor::op_debug_json(tensor::read_op_debug_record(dump));
    });
    return 0;
}
