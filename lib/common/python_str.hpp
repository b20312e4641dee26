#pragma once
// Python's str methods on dump names, with Python's semantics, as msprobe applies them
// (replace, replace(..., 1), split(sep), split('.'), `in`).
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::py {

std::string replace_all(std::string_view text, std::string_view from, std::string_view to);
std::string replace_first(std::string_view text, std::string_view from, std::string_view to);
// text.split(separator): every separator splits, empty parts are kept.
std::vector<std::string_view> split(std::string_view text, char separator);
std::vector<std::string_view> split_dots(std::string_view text);
bool contains(std::string_view text, std::string_view part);

}  // namespace msprobe::py
