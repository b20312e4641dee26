// ptdbg_ascend's .pkl (JSON arrays, one record per line): both readings of its one reader.
#include "dump/ptdbg_calls.hpp"
#include "dump/ptdbg_pkl.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("api_stack_dump.pkl", data, size);
    fuzz::expect_result_or_error([&] { (void)dump::read_pkl_file(path); });
    fuzz::expect_result_or_error([&] { (void)dump::read_ptdbg_pkl(path); });
    return 0;
}
