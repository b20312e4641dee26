// construct.json: nan_analyze walks each entry's chain of parent modules.
#include "dump/json_file.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("construct.json", data, size);
    fuzz::expect_result_or_error([&] {
        const auto construct = dump::JsonFile::load(path);
        const dump::JsonView root = construct.root();
        for (const auto& member : root.members()) (void)first_diff::construct_chain(root, std::string(member.name));
    });
    return 0;
}
