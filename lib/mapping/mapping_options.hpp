#pragma once
// The name-mapping flags of compare. For -am, -cm and -lm
// an empty string means "given without a file".
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace msprobe::mapping {

class MappingFiles;

// A new, empty set of parsed mapping files (mapping_files.hpp).
std::shared_ptr<MappingFiles> new_mapping_files();

struct MappingOptions {
    std::optional<std::string> api_mapping;    // -am [yaml]   (MindSpore)
    std::optional<std::string> cell_mapping;   // -cm [yaml]   (MindSpore)
    std::optional<std::string> data_mapping;   // -dm yaml
    std::optional<std::string> layer_mapping;  // -lm [yaml]   (MindSpore)
    // The files above, parsed once for the whole run: copies of these options share them.
    std::shared_ptr<MappingFiles> files = new_mapping_files();

    bool any() const { return api_mapping || cell_mapping || data_mapping || layer_mapping; }
};

}  // namespace msprobe::mapping
