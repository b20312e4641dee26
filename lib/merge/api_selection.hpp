#pragma once
// merge_result's `api` filter: which rows of a compare result are merged.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace msprobe::merge {

struct ApiSelection {
    std::vector<std::size_t> rows;         // first row of each selected name, in selection order
    std::vector<std::string> unmatched;    // config entries that selected nothing, in config order
};

// An entry selects every name that contains "{entry}." anywhere (msprobe's
// literal, unanchored search): for each entry in config order, the matching
// names in row order; a name selected twice keeps its first position.
// `names` holds the NPU Name of each row ("" where the cell is not text).
ApiSelection select_api_rows(const std::vector<std::string>& apis, const std::vector<std::string>& names);

// The rows select_api_rows can pick, told a row at a time: the first row of each
// name that contains "{entry}." for some entry. select_api_rows over the names of
// the rows kept this way makes the same selection, and the same unmatched list,
// as over every row of the sheet.
class ApiRowFilter {
public:
    explicit ApiRowFilter(const std::vector<std::string>& apis);
    bool keeps(std::string_view name);

private:
    std::vector<std::string> patterns_;       // "{entry}."
    std::unordered_set<std::string> kept_;    // names of the rows kept so far
};

}  // namespace msprobe::merge
