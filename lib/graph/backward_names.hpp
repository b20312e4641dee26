#pragma once
// The name rewrites between a backward entry and its forward twin that the
// graph builder uses (msprobe's regexes and plain substring replacements).
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::graph {

// "<x>.backward.<n>" → n; nullopt when the id does not end so.
std::optional<std::string> module_backward_count(std::string_view id);
// "<x>.forward.<n>" → n; nullopt when the id does not end so.
std::optional<std::string> module_forward_count(std::string_view id);
// Replaces the trailing ".<from>.<n>" by ".<to>.<count>".
std::string with_direction(std::string_view id, std::string_view from, std::string_view to,
                           std::string_view count);
// The other direction's twin of a name: "<x>.<from>.<n>" → "<x>.<to>.<n>",
// "<x>.<from>" → "<x>.<to>"; other names unchanged. With `strict_compat`
// msprobe's rewrite instead: every `from` substring becomes `to`, which also
// rewrites names such as "feedforward".
std::string direction_twin(std::string_view id, std::string_view from, std::string_view to, bool strict_compat);
// Every occurrence of `from` replaced by `to` (plain substrings).
std::string replace_all(std::string text, std::string_view from, std::string_view to);
bool ends_with(std::string_view text, std::string_view suffix);

}  // namespace msprobe::graph
