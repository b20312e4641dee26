#pragma once
// -dm: a flat yaml mapping of NPU row names to bench row names.
#include <filesystem>
#include <string>
#include <unordered_map>

namespace msprobe::mapping {

using DataMapping = std::unordered_map<std::string, std::string>;

// An empty file or `{}` is an empty mapping (msprobe crashes on the empty file).
DataMapping load_data_mapping(const std::filesystem::path& path);

// The bench name `name` is mapped to, else `name` itself.
const std::string& data_mapping_key(const DataMapping& mapping, const std::string& name);

}  // namespace msprobe::mapping
