#pragma once
// Node ids as their dot-separated fields ("Module.fc.Linear.forward.0").
#include <string>
#include <vector>

namespace msprobe::graph {

std::vector<std::string> split_id(const std::string& id);
// The first `count` fields joined with dots.
std::string join_fields(const std::vector<std::string>& fields, std::size_t count);

}  // namespace msprobe::graph
