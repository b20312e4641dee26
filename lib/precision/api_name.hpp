#pragma once
// API names as run_ut splits them.
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::precision {

struct ApiNameParts {
    std::string family;    // "Functional"
    std::string api_name;  // "conv2d", "linalg.vector_norm"
};

// "F.name.n" or "F.a.b.n"; nullopt for any other segment count.
std::optional<ApiNameParts> split_api_full_name(std::string_view full_name);

// A details-CSV name "F.name.n.forward.output.i" (6 segments) or the 7-segment form.
struct DetailNameParts {
    std::string api_name;       // short name
    std::string api_full_name;  // "F.name.n"
    std::string direction;      // "forward" / "backward"
};
std::optional<DetailNameParts> split_detail_name(std::string_view name);

// A name a spreadsheet could read as a formula, which is refused: it starts with + - = % @ (ASCII or
// full-width) or holds ';' before one.
bool has_formula_characters(std::string_view name);

}  // namespace msprobe::precision
