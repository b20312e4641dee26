#pragma once
// -cm: MindSpore cell rows renamed to PyTorch module rows.
#include <filesystem>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace msprobe::mapping {

// "{cell path}.{Class}" → "{module path}.{Class}", in the order of the yaml file.
class CellMapping {
public:
    using Entry = std::pair<std::string, std::string>;
    CellMapping() = default;
    CellMapping(std::initializer_list<Entry> entries);

    // Later duplicates of a cell name replace the earlier mapping, as a yaml load does.
    void add(std::string cell, std::string module);
    bool empty() const { return entries_.empty(); }
    const std::string* find(const std::string& cell) const;
    const std::vector<Entry>& entries() const { return entries_; }

private:
    std::vector<Entry> entries_;
    std::unordered_map<std::string, std::size_t> index_;
};

CellMapping load_cell_mapping(const std::filesystem::path& path);

// Where the key of a row is made otherwise than April msprobe makes it.
struct CellKeyRules {
    // A cell name that is not a key of the yaml: April leaves it; August
    // replaces every yaml key it contains (first occurrence, in yaml order,
    // one after the other).
    bool replace_contained_keys = false;
    // Only a leading "Cell" field becomes "Module". msprobe renames the first
    // "Cell" anywhere, which breaks PyTorch classes such as LSTMCell.
    bool leading_cell_only = false;
};

// "N/A" for rows that are neither forward/backward nor parameter gradients;
// else the first "Cell" becomes "Module" and the cell name is looked up in `mapping`.
std::string cell_mapping_key(const std::string& row_name, const CellMapping& mapping, CellKeyRules rules = {});

}  // namespace msprobe::mapping
