#pragma once
// The yaml files the mapping flags name, each parsed once per run: the first
// pair that needs a file parses it, every later pair (on any thread) takes the
// parsed value. A file that fails to parse is not kept, so each pair that needs
// it fails the same way.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "mapping/api_mapping.hpp"
#include "mapping/cell_mapping.hpp"
#include "mapping/data_mapping.hpp"
#include "mapping/layer_mapping.hpp"

namespace msprobe::mapping {

class MappingFiles {
public:
    // Each throws msprobe::Error naming the file when it cannot be read or parsed.
    const std::vector<ApiMappingRecord>& api(const std::filesystem::path& path);  // -am yaml
    const CellMapping& cell(const std::filesystem::path& path);                   // -cm yaml
    const DataMapping& data(const std::filesystem::path& path);                   // -dm yaml
    const LayerRules& layer_rules(const std::filesystem::path& path);             // -lm yaml

    // How many times a file was parsed (each file once when all went well).
    std::size_t parses() const;

private:
    template <class T>
    using Parsed = std::map<std::filesystem::path, std::unique_ptr<const T>>;

    template <class T, class Load>
    const T& parsed(Parsed<T>& cache, const std::filesystem::path& path, Load load);

    mutable std::mutex mutex_;
    Parsed<std::vector<ApiMappingRecord>> api_;
    Parsed<CellMapping> cell_;
    Parsed<DataMapping> data_;
    Parsed<LayerRules> layer_rules_;
    std::size_t parses_ = 0;
};

}  // namespace msprobe::mapping
