#pragma once
// The name-mapping flags of compare. For -am, -cm and -lm
// an empty string means "given without a file".
#include <filesystem>
#include <optional>
#include <string>

namespace msprobe::mapping {

struct MappingOptions {
    std::optional<std::string> api_mapping;    // -am [yaml]   (MindSpore)
    std::optional<std::string> cell_mapping;   // -cm [yaml]   (MindSpore)
    std::optional<std::string> data_mapping;   // -dm yaml
    std::optional<std::string> layer_mapping;  // -lm [yaml]   (MindSpore)

    bool any() const { return api_mapping || cell_mapping || data_mapping || layer_mapping; }
};

}  // namespace msprobe::mapping
