#pragma once
// Reads a user's yaml file (mapping tables). Every problem becomes one
// msprobe::Error naming the file: missing, not a regular file, too big
// (msprobe::InputFile), not yaml or nested too deep (yaml-cpp stops at 500 levels).
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>

namespace msprobe::mapping {

// The document of `path`; an empty file gives a Null node.
YAML::Node load_yaml_file(const std::filesystem::path& path);

// The text of a scalar as Python's str() shows the value yaml loads it as
// (ints and strings as written; the cases mapping tables use).
std::string scalar_text(const YAML::Node& node, const std::filesystem::path& file, const char* what);

}  // namespace msprobe::mapping
