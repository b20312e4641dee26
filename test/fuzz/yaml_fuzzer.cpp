// The yaml files users write: -dm/-am/-cm mappings, -lm rules and merge_result's config.
#include "fuzz_file.hpp"
#include "mapping/api_mapping.hpp"
#include "mapping/cell_mapping.hpp"
#include "mapping/data_mapping.hpp"
#include "mapping/layer_mapping.hpp"
#include "merge/merge_config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("mapping.yaml", data, size);
    fuzz::expect_result_or_error([&] { (void)mapping::load_data_mapping(path); });
    fuzz::expect_result_or_error([&] { (void)mapping::load_api_mapping(path); });
    fuzz::expect_result_or_error([&] { (void)mapping::load_cell_mapping(path); });
    fuzz::expect_result_or_error([&] { mapping::load_layer_rules(path); });
    fuzz::expect_result_or_error([&] { (void)merge::load_merge_config(path.string()); });
    return 0;
}
