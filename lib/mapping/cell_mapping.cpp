#include "mapping/cell_mapping.hpp"

#include <algorithm>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "mapping/yaml_file.hpp"

namespace msprobe::mapping {

CellMapping::CellMapping(std::initializer_list<Entry> entries) {
    for (const auto& [cell, module] : entries) add(cell, module);
}

void CellMapping::add(std::string cell, std::string module) {
    const auto [it, inserted] = index_.try_emplace(cell, entries_.size());
    if (inserted) {
        entries_.emplace_back(std::move(cell), std::move(module));
    } else {
        entries_[it->second].second = std::move(module);
    }
}

const std::string* CellMapping::find(const std::string& cell) const {
    const auto it = index_.find(cell);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

CellMapping load_cell_mapping(const std::filesystem::path& path) {
    const YAML::Node doc = load_yaml_file(path);
    CellMapping mapping;
    if (doc.IsNull()) return mapping;
    if (!doc.IsMap()) throw Error(path.string(), "expected a mapping of cell names to module names (name: name)");
    for (const auto& entry : doc) {
        mapping.add(scalar_text(entry.first, path, "a cell name"), scalar_text(entry.second, path, "a module name"));
    }
    return mapping;
}

std::string cell_mapping_key(const std::string& row_name, const CellMapping& mapping, CellKeyRules rules) {
    if (row_name.empty()) return "N/A";
    bool parameters_grad = false;
    for (std::string_view part : py::split_dots(row_name)) {
        parameters_grad = parameters_grad || part == "parameters_grad";
    }
    if (!parameters_grad && !py::contains(row_name, ".forward.") && !py::contains(row_name, ".backward.")) return "N/A";
    std::string key = !rules.leading_cell_only                ? py::replace_first(row_name, "Cell", "Module")
                      : row_name.rfind("Cell.", 0) == 0 ? "Module" + row_name.substr(4)
                                                          : row_name;
    if (mapping.empty()) return key;
    // The cell name is what lies between the first '.' and the first direction marker.
    const std::size_t dot = key.find('.');
    const std::string_view after =
        dot == std::string::npos ? std::string_view(key) : std::string_view(key).substr(dot + 1);
    std::size_t cut = after.size();
    for (std::string_view marker : {".forward.", ".backward.", ".parameters_grad."}) {
        cut = std::min(cut, after.find(marker));
    }
    const std::string cell_name(after.substr(0, cut));
    if (const std::string* module = mapping.find(cell_name)) return py::replace_first(key, cell_name, *module);
    if (!rules.replace_contained_keys) return key;
    std::string renamed = cell_name;
    for (const auto& [cell, module] : mapping.entries()) {
        if (py::contains(renamed, cell)) renamed = py::replace_first(renamed, cell, module);
    }
    return py::replace_first(key, cell_name, renamed);
}

}  // namespace msprobe::mapping
