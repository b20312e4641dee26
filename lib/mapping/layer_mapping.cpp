#include "mapping/layer_mapping.hpp"

#include "common/error.hpp"

namespace msprobe::mapping {

LayerMappingResult generate_layer_mapping(const std::filesystem::path&, const std::filesystem::path&,
                                          const std::optional<std::filesystem::path>&) {
    throw Error("", "-lm/--layer_mapping is not supported yet");
}

void write_data_mapping_yaml(const LayerMappingResult&, const std::filesystem::path&) {}

}  // namespace msprobe::mapping
