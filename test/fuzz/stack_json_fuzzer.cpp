// stack.json in both of msprobe's layouts, and the repr() text compare writes.
#include "dump/stack_file.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("stack.json", data, size);
    fuzz::expect_result_or_error([&] {
        const auto stack = dump::StackFile::load(path);
        for (const auto& name : stack.api_names()) (void)stack.stack_text(name);
    });
    return 0;
}
