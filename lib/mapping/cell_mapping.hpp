#pragma once
// -cm: MindSpore cell rows renamed to PyTorch module rows.
#include <filesystem>
#include <string>
#include <unordered_map>

namespace msprobe::mapping {

// "{cell path}.{Class}" → "{module path}.{Class}".
using CellMapping = std::unordered_map<std::string, std::string>;

CellMapping load_cell_mapping(const std::filesystem::path& path);

// "N/A" for rows that are neither forward/backward nor parameter gradients;
// else the first "Cell" becomes "Module" and the cell name is looked up in `mapping`.
std::string cell_mapping_key(const std::string& row_name, const CellMapping& mapping);

}  // namespace msprobe::mapping
