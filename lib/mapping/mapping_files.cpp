#include "mapping/mapping_files.hpp"

#include "mapping/mapping_options.hpp"

namespace msprobe::mapping {

namespace fs = std::filesystem;

std::shared_ptr<MappingFiles> new_mapping_files() { return std::make_shared<MappingFiles>(); }

template <class T, class Load>
const T& MappingFiles::parsed(Parsed<T>& cache, const fs::path& path, Load load) {
    // One lock over the parse too: two pairs asking at once must not both read the file.
    const std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = cache.find(path); it != cache.end()) return *it->second;
    ++parses_;
    auto value = std::make_unique<const T>(load(path));
    return *cache.emplace(path, std::move(value)).first->second;
}

const std::vector<ApiMappingRecord>& MappingFiles::api(const fs::path& path) {
    return parsed(api_, path, [](const fs::path& p) { return load_api_mapping(p); });
}

const CellMapping& MappingFiles::cell(const fs::path& path) {
    return parsed(cell_, path, [](const fs::path& p) { return load_cell_mapping(p); });
}

const DataMapping& MappingFiles::data(const fs::path& path) {
    return parsed(data_, path, [](const fs::path& p) { return load_data_mapping(p); });
}

const LayerRules& MappingFiles::layer_rules(const fs::path& path) {
    return parsed(layer_rules_, path, [](const fs::path& p) { return load_layer_rules(p); });
}

std::size_t MappingFiles::parses() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return parses_;
}

}  // namespace msprobe::mapping
