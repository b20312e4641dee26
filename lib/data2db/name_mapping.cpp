#include "data2db/name_mapping.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/python_str.hpp"

namespace msprobe::data2db {

NameMapping NameMapping::read(const std::filesystem::path& path) {
    const std::string text = read_input_file(path, InputKind::Json);
    nlohmann::ordered_json json;
    try {
        json = nlohmann::ordered_json::parse(text);  // a name given twice keeps its first place, its last value
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(path.string(), fmt::format("not a JSON file ({})", e.what()));
    }
    if (!json.is_object()) throw Error(path.string(), "the mapping must be a JSON object of name replacements");
    std::vector<std::pair<std::string, std::string>> replacements;
    for (const auto& [from, to] : json.items()) {
        if (!to.is_string()) {
            throw Error(path.string(), fmt::format("the replacement of \"{}\" is not a text", from));
        }
        replacements.emplace_back(from, to.get<std::string>());
    }
    return NameMapping(std::move(replacements));
}

std::string NameMapping::applied(std::string name) const {
    for (const auto& [from, to] : replacements_) {
        if (!from.empty()) {
            name = py::replace_all(name, from, to);
            continue;
        }
        std::string interleaved(to);  // Python's str.replace('', to): before every character and at the end
        for (const char c : name) interleaved.append(1, c).append(to);
        name = std::move(interleaved);
    }
    return name;
}

}  // namespace msprobe::data2db
