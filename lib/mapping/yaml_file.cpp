#include "mapping/yaml_file.hpp"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe::mapping {

namespace fs = std::filesystem;

YAML::Node load_yaml_file(const fs::path& path) {
    const std::string text = read_input_file(path, InputKind::Yaml);
    try {
        return YAML::Load(text);
    } catch (const YAML::DeepRecursion& e) {  // its message is only "bad file"
        throw Error(path.string(),
                    fmt::format("not valid YAML at line {}: nested deeper than {} levels (yaml-cpp's limit)",
                                e.mark.line + 1, e.depth()));
    } catch (const YAML::Exception& e) {
        if (e.mark.is_null()) throw Error(path.string(), fmt::format("not valid YAML: {}", e.msg));
        throw Error(path.string(),
                    fmt::format("not valid YAML at line {}, column {}: {}", e.mark.line + 1, e.mark.column + 1, e.msg));
    } catch (...) {
        rethrow_naming(path.string());
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
