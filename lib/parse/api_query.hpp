#pragma once
// Which entries of a dump an --api text selects: the exact name, else the name
// without its direction (both .forward and .backward), else every name starting
// with the text. --prefix goes straight to the prefix rule, --exact stops after
// the first.
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::parse {

struct ApiQuery {
    std::string text;
    bool prefix_only = false;  // --prefix
    bool exact_only = false;   // --exact
};

// Indices into `names` (file order) of the entries the query selects.
std::vector<std::size_t> select_entries(const std::vector<std::string>& names, const ApiQuery& query);

// Whether select_entries could pick `name`, whatever the other names are: true
// for every name it picks and a few more, so a reader that cannot yet know all
// the names keeps only these entries.
bool may_select(std::string_view name, const ApiQuery& query);

// "API <name> not found in <file>" with up to five closest names by edit distance.
std::string not_found_message(const std::vector<std::string>& names, const ApiQuery& query, const std::string& file);

}  // namespace msprobe::parse
