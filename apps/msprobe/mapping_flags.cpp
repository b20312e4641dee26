#include "mapping_flags.hpp"

#include <optional>

namespace msprobe::cli {

namespace {

std::optional<std::string> given(const CLI::App& cmd, const char* name, const std::string& value) {
    if (!cmd.count(name)) return std::nullopt;
    return value;
}

}  // namespace

mapping::MappingOptions given_mappings(const CLI::App& cmd, const MappingFlagValues& values) {
    mapping::MappingOptions options;
    options.api_mapping = given(cmd, "--api_mapping", values.api_mapping);
    options.cell_mapping = given(cmd, "--cell_mapping", values.cell_mapping);
    options.data_mapping = given(cmd, "--data_mapping", values.data_mapping);
    options.layer_mapping = given(cmd, "--layer_mapping", values.layer_mapping);
    return options;
}

}  // namespace msprobe::cli
