#pragma once
// -am, -cm, -dm and -lm as both compare commands read them: a flag may come
// with or without its yaml file.
#include <CLI/CLI.hpp>

#include <string>

#include "mapping/mapping_options.hpp"

namespace msprobe::cli {

// The values typed after the four flags (bound to their options).
struct MappingFlagValues {
    std::string api_mapping, cell_mapping, data_mapping, layer_mapping;
};

// What was given: an absent flag is nullopt, a flag without a file "".
mapping::MappingOptions given_mappings(const CLI::App& cmd, const MappingFlagValues& values);

}  // namespace msprobe::cli
