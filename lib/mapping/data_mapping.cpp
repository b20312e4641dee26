#include "mapping/data_mapping.hpp"

#include "common/error.hpp"
#include "mapping/yaml_file.hpp"

namespace msprobe::mapping {

DataMapping load_data_mapping(const std::filesystem::path& path) {
    const YAML::Node doc = load_yaml_file(path);
    DataMapping mapping;
    if (doc.IsNull()) return mapping;
    if (!doc.IsMap()) throw Error(path.string(), "expected a mapping of NPU names to bench names (name: name)");
    for (const auto& entry : doc) {
        const std::string npu = scalar_text(entry.first, path, "an NPU name");
        // A null target (Python None) can never equal a bench name.
        if (entry.second.IsNull()) {
            mapping[npu] = std::string();
            continue;
        }
        mapping[npu] = scalar_text(entry.second, path, "a bench name");
    }
    return mapping;
}

const std::string& data_mapping_key(const DataMapping& mapping, const std::string& name) {
    auto it = mapping.find(name);
    return it == mapping.end() ? name : it->second;
}

}  // namespace msprobe::mapping
