#pragma once
// A hash map keyed by text that is searched by std::string_view without
// making a std::string first: readers that look up millions of names (one per
// dump entry) then pay no allocation per lookup.
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace msprobe {

struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
};

template <typename Value>
using TextMap = std::unordered_map<std::string, Value, TextHash, std::equal_to<>>;

}  // namespace msprobe
