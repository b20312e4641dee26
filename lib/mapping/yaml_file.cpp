#include "mapping/yaml_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "common/error.hpp"

namespace msprobe::mapping {

namespace fs = std::filesystem;

YAML::Node load_yaml_file(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), "no such file");
    if (fs::is_directory(path, ec)) throw Error(path.string(), "is a directory, expected a yaml file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path.string(), "cannot open for reading");
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return YAML::Load(text.str());
    } catch (const YAML::Exception& e) {
        if (e.mark.is_null()) throw Error(path.string(), fmt::format("not valid YAML: {}", e.msg));
        throw Error(path.string(),
                    fmt::format("not valid YAML at line {}, column {}: {}", e.mark.line + 1, e.mark.column + 1, e.msg));
    }
}

std::string scalar_text(const YAML::Node& node, const fs::path& file, const char* what) {
    if (!node.IsScalar()) {
        throw Error(file.string(), fmt::format("{} must be a plain value, not a {}", what,
                                               node.IsMap() ? "mapping" : node.IsSequence() ? "list" : "null"));
    }
    return node.Scalar();
}

}  // namespace msprobe::mapping
