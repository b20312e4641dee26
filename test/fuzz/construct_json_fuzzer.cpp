// construct.json: nan_analyze walks each entry's chain of parent modules.
#include "dump/construct_parents.hpp"
#include "dump/json_file.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("construct.json", data, size);
    fuzz::expect_result_or_error([&] {
        const auto file = dump::JsonFile::load(path);
        const auto construct = dump::ConstructParents::of(file.root());
        for (std::size_t i = 0; i < construct.size(); ++i) {
            (void)first_diff::construct_chain(construct, std::string(construct.node(i).id));
        }
    });
    return 0;
}
