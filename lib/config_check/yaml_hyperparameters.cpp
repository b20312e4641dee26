#include "config_check/yaml_hyperparameters.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/python_text.hpp"
#include "common/yaml_scalar_kind.hpp"

namespace msprobe::config_check {

namespace {

using Json = nlohmann::ordered_json;

// PyYAML's timestamp spellings (a date, or a date and time): loaded as dates, which the parser leaves out.
bool is_timestamp(const std::string& text) {
    if (text.size() > 64) return false;
    static const std::regex kTimestamp(
        R"(([0-9]{4}-[0-9]{2}-[0-9]{2})|([0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2})"
        R"((\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?))");
    return std::regex_match(text, kTimestamp);
}

std::string without_underscores(std::string text) {
    std::erase(text, '_');
    return text;
}

// base 60 "1:30:05" → 1 * 3600 + 30 * 60 + 5.
double sexagesimal(const std::string& digits) {
    double value = 0;
    std::size_t start = 0;
    while (start <= digits.size()) {
        std::size_t end = digits.find(':', start);
        if (end == std::string::npos) end = digits.size();
        value = value * 60 + std::strtod(digits.substr(start, end - start).c_str(), nullptr);
        start = end + 1;
    }
    return value;
}

// PyYAML's construct_yaml_int on a spelling plain_scalar_kind took for an int.
Json int_value(std::string text) {
    text = without_underscores(std::move(text));
    int sign = 1;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        sign = text[0] == '-' ? -1 : 1;
        text.erase(0, 1);
    }
    if (text == "0") return 0;
    if (text.find(':') != std::string::npos) return static_cast<std::int64_t>(sign * sexagesimal(text));
    int base = 10;
    if (text.starts_with("0b")) {
        base = 2;
        text.erase(0, 2);
    } else if (text.starts_with("0x")) {
        base = 16;
        text.erase(0, 2);
    } else if (text.starts_with("0")) {
        base = 8;
    }
    errno = 0;
    const unsigned long long magnitude = std::strtoull(text.c_str(), nullptr, base);
    if (errno == ERANGE || magnitude > static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max())) {
        return sign * std::strtod(text.c_str(), nullptr);  // past int64: kept as the nearest double
    }
    return sign * static_cast<std::int64_t>(magnitude);
}

// construct_yaml_float.
Json float_value(std::string text) {
    text = without_underscores(std::move(text));
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    double sign = 1;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        sign = text[0] == '-' ? -1 : 1;
        text.erase(0, 1);
    }
    if (text == ".inf") return sign * std::numeric_limits<double>::infinity();
    if (text == ".nan") return std::numeric_limits<double>::quiet_NaN();
    if (text.find(':') != std::string::npos) return sign * sexagesimal(text);
    return sign * *py::parse_float(text);
}

bool is_int_spelling(const std::string& text) {
    // plain_scalar_kind says Number for ints and floats; a float has a "." (or is .inf/.nan).
    return text.find('.') == std::string::npos;
}

// The value PyYAML's safe loader makes of a scalar; null for None, dates and binary (left out by the parser).
Json scalar_value(const YAML::Node& node) {
    const std::string& tag = node.Tag();
    const std::string& text = node.Scalar();
    if (tag == "!" || tag == "tag:yaml.org,2002:str") return text;
    if (tag != "?" && !tag.empty() && tag != "tag:yaml.org,2002:int" && tag != "tag:yaml.org,2002:float" &&
        tag != "tag:yaml.org,2002:bool" && tag != "tag:yaml.org,2002:null") {
        return nullptr;  // binary, timestamp and other explicit types
    }
    switch (py::plain_scalar_kind(text)) {
        case py::ScalarKind::Null: return nullptr;
        case py::ScalarKind::Bool:
            return text[0] == 'y' || text[0] == 'Y' || text[0] == 't' || text[0] == 'T' || text == "on" ||
                   text == "On" || text == "ON";
        case py::ScalarKind::Number: return is_int_spelling(text) ? int_value(text) : float_value(text);
        case py::ScalarKind::String: break;
    }
    return is_timestamp(text) ? Json(nullptr) : Json(text);
}

// A JSON value of a yaml node kept whole (inside a kept list): mappings as objects, None as null.
Json whole_value(const YAML::Node& node, const std::filesystem::path& file);

bool is_kept_element(const YAML::Node& node) {
    if (node.IsSequence()) return true;
    if (!node.IsScalar()) return false;
    const Json value = scalar_value(node);
    return !value.is_null();
}

std::string key_text(const YAML::Node& key, const std::filesystem::path& file) {
    if (!key.IsScalar()) throw Error(file.string(), "a mapping key is not a text");
    const Json value = scalar_value(key);
    if (!value.is_string()) throw Error(file.string(), "the mapping key '" + key.Scalar() + "' is not a text");
    return value.get<std::string>();
}

using Entries = std::vector<std::pair<std::string, YAML::Node>>;

bool is_merge_key(const YAML::Node& key) {
    return key.IsScalar() && key.Scalar() == "<<" && (key.Tag() == "?" || key.Tag() == "tag:yaml.org,2002:merge");
}

// A mapping's entries as PyYAML's flatten_mapping leaves them: the mappings of its "<<" keys first (of a list of
// them, the last first), then its own; a name given twice keeps its first place and takes its last value.
Entries mapping_entries(const YAML::Node& node, const std::filesystem::path& file, int depth = 0) {
    if (depth > 64) throw Error(file.string(), "merge keys nest too deep");
    Entries merged, own;
    for (const auto& member : node) {
        if (!is_merge_key(member.first)) {
            own.emplace_back(key_text(member.first, file), member.second);
            continue;
        }
        std::vector<YAML::Node> sources;
        if (member.second.IsMap()) {
            sources.push_back(member.second);
        } else if (member.second.IsSequence()) {
            for (const auto& item : member.second) sources.insert(sources.begin(), item);
        }
        for (const auto& source : sources) {
            if (!source.IsMap()) throw Error(file.string(), "a merge key ('<<') names something else than a mapping");
            for (auto& entry : mapping_entries(source, file, depth + 1)) merged.push_back(std::move(entry));
        }
    }
    for (auto& entry : own) merged.push_back(std::move(entry));
    Entries entries;
    for (auto& entry : merged) {
        const std::string& key = entry.first;
        const auto found = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == key; });
        if (found != entries.end()) {
            found->second = entry.second;
        } else {
            entries.push_back(std::move(entry));
        }
    }
    return entries;
}

Json whole_value(const YAML::Node& node, const std::filesystem::path& file) {
    if (node.IsSequence()) {
        Json list = Json::array();
        for (const auto& item : node) list.push_back(whole_value(item, file));
        return list;
    }
    if (node.IsMap()) {
        Json object = Json::object();
        for (const auto& [key, value] : mapping_entries(node, file)) object[key] = whole_value(value, file);
        return object;
    }
    if (node.IsScalar()) return scalar_value(node);
    return nullptr;
}

// recursive_parse_parameters.
void collect(const YAML::Node& node, const std::string& prefix, Json& out, const std::filesystem::path& file) {
    if (node.IsMap()) {
        for (const auto& [key, value] : mapping_entries(node, file)) {
            collect(value, prefix.empty() ? key : prefix + "." + key, out, file);
        }
    } else if (node.IsSequence()) {
        bool whole = true;
        for (const auto& item : node) whole = whole && is_kept_element(item);
        if (whole) {
            out[prefix] = whole_value(node, file);
            return;
        }
        std::size_t index = 0;
        for (const auto& item : node) {
            const std::string name = std::to_string(index++);
            collect(item, prefix.empty() ? name : prefix + "." + name, out, file);
        }
    } else if (node.IsScalar()) {
        Json value = scalar_value(node);
        if (!value.is_null()) out[prefix] = std::move(value);
    }
}

}  // namespace

const nlohmann::ordered_json& YamlHyperparameters::read(const std::filesystem::path& file) {
    const std::string text = InputFile::open(file, InputKind::Yaml).read_all();
    YAML::Node document;
    try {
        document = YAML::Load(text);
    } catch (const YAML::Exception& e) {
        throw Error(file.string(), std::string("is not valid yaml: ") + e.what());
    }
    collect(document, "", values_, file);
    return values_;
}

}  // namespace msprobe::config_check
