#include "graph/id_segments.hpp"

#include "common/python_str.hpp"

namespace msprobe::graph {

std::vector<std::string> split_id(const std::string& id) {
    const auto fields = py::split_dots(id);
    return {fields.begin(), fields.end()};
}

std::string join_fields(const std::vector<std::string>& fields, std::size_t count) {
    std::string text;
    for (std::size_t i = 0; i < count && i < fields.size(); ++i) {
        if (i) text += '.';
        text += fields[i];
    }
    return text;
}

}  // namespace msprobe::graph
