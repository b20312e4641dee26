#pragma once
// -lm: the NPU entry → Bench entry names the layer mapping generates from
// the two rank folders (and an optional rule yaml).
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>

#include "mapping/mapping_files.hpp"

namespace msprobe::graph {

// As msprobe, a generation that fails is only a warning: the map is then
// empty and nodes pair by their own names. The rule yaml is parsed once into
// `files`, whichever rank asks first.
std::unordered_map<std::string, std::string> layer_map(const std::filesystem::path& npu_folder,
                                                       const std::filesystem::path& bench_folder,
                                                       const std::optional<std::filesystem::path>& rules,
                                                       mapping::MappingFiles& files);

}  // namespace msprobe::graph
