// dump.json: the flattening reader of compare/parse and nan_analyze's reader.
#include "dump/dump_file.hpp"
#include "first_diff/nan_dump_reader.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("dump.json", data, size);
    fuzz::expect_result_or_error([&] { (void)dump::read_dump_file(path); });
    fuzz::expect_result_or_error([&] { (void)first_diff::read_nan_rank(path, 0); });
    return 0;
}
