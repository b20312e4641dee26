// ATB tensor files (.bin): the key=value header up to $End, hostile dims and
// dtype codes, data that do not fill them. A read never throws: whatever it
// accepts goes through tensor mode's statistics and the metric kernel.
#include "atb_compare/atb_tensor_file.hpp"
#include "atb_compare/pair_metrics.hpp"
#include "atb_compare/tensor_statistics.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    static ThreadPool pool(1);
    const auto path = fuzz::input_file("intensor0.bin", data, size);
    const auto file = atb::read_atb_tensor_file(path);
    (void)atb::tensor_statistics(file);
    if (file.readable()) (void)atb::pair_metrics(file.view, file.view, pool);
    return 0;
}
