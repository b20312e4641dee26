#include "precision/api_name.hpp"

#include <array>
#include <vector>

#include "common/python_str.hpp"
namespace msprobe::precision {

namespace {

// The name's dot-separated fields, as strings (they are joined again).
std::vector<std::string> split_dots(std::string_view text) {
    const auto fields = py::split_dots(text);
    return {fields.begin(), fields.end()};
}

constexpr std::array<std::string_view, 10> kFormulaStarts = {"+", "-", "=", "%", "@", "＋", "－", "＝", "％", "＠"};

bool starts_with_formula(std::string_view text) {
    for (auto s : kFormulaStarts) {
        if (text.substr(0, s.size()) == s) return true;
    }
    return false;
}

}  // namespace

std::optional<ApiNameParts> split_api_full_name(std::string_view full_name) {
    const auto parts = split_dots(full_name);
    if (parts.size() == 3) return ApiNameParts{parts[0], parts[1]};
    if (parts.size() == 4) return ApiNameParts{parts[0], parts[1] + "." + parts[2]};
    return std::nullopt;
}

std::optional<DetailNameParts> split_detail_name(std::string_view name) {
    const auto parts = split_dots(name);
    if (parts.size() == 6) return DetailNameParts{parts[1], parts[0] + "." + parts[1] + "." + parts[2], parts[3]};
    if (parts.size() == 7) {
        return DetailNameParts{parts[1] + "." + parts[2], parts[0] + "." + parts[1] + "." + parts[2] + "." + parts[3],
                               parts[4]};
    }
    return std::nullopt;
}

bool has_formula_characters(std::string_view name) {
    if (starts_with_formula(name)) return true;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] == ';' && starts_with_formula(name.substr(i + 1))) return true;
    }
    return false;
}

}  // namespace msprobe::precision
