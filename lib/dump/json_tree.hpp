#pragma once
// A user-written JSON file (compare.json) or a file the layer mapping walks as
// a tree, read whole into nlohmann::json: opened through msprobe::InputFile and
// nested at most kMaxJsonDepth levels. Errors name the file.
#include <nlohmann/json.hpp>

#include <filesystem>

namespace msprobe::dump {

nlohmann::json load_json_tree(const std::filesystem::path& path);

}  // namespace msprobe::dump
