#include "graph/id_segments.hpp"

namespace msprobe::graph {

std::vector<std::string> split_id(const std::string& id) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t dot; (dot = id.find('.', start)) != std::string::npos; start = dot + 1) {
        fields.push_back(id.substr(start, dot - start));
    }
    fields.push_back(id.substr(start));
    return fields;
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
