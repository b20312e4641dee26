#include "verl_config/yaml_values.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <regex>
#include <stdexcept>
#include <string>

namespace msprobe::verl_config {

namespace {

// PyYAML's implicit resolvers (resolver.py).
const std::regex kBool("yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF");
const std::regex kNull("~|null|Null|NULL|");
const std::regex kInt(
    "[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+");
const std::regex kFloat(
    "[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?|\\.[0-9_]+(?:[eE][-+][0-9]+)?|"
    "[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN)");

// A date (PyYAML's timestamp without a time of day) becomes datetime.date.
const std::regex kDate("([0-9]{4})-([0-9]{2})-([0-9]{2})");

std::string without_underscores(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c != '_') out += c;
    }
    return out;
}

// YAML 1.1's base 60 ("1:30" is 90): each part is worth 60 times the part after it.
template <class Number, class Parse>
Number sexagesimal(const std::string& text, Parse parse) {
    Number value = 0;
    Number base = 1;
    std::size_t end = text.size();
    while (true) {
        const auto colon = text.rfind(':', end - 1);
        const auto start = colon == std::string::npos ? 0 : colon + 1;
        value += parse(text.substr(start, end - start)) * base;
        base *= 60;
        if (colon == std::string::npos) return value;
        end = colon;
    }
}

// construct_yaml_int.
PyValue yaml_int(std::string text) {
    text = without_underscores(text);
    int sign = 1;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        sign = text[0] == '-' ? -1 : 1;
        text.erase(0, 1);
    }
    std::int64_t value = 0;
    if (text == "0") {
        value = 0;
    } else if (text.starts_with("0b")) {
        value = std::stoll(text.substr(2), nullptr, 2);
    } else if (text.starts_with("0x")) {
        value = std::stoll(text.substr(2), nullptr, 16);
    } else if (text.starts_with("0")) {
        value = std::stoll(text, nullptr, 8);
    } else if (text.find(':') != std::string::npos) {
        value = sexagesimal<std::int64_t>(text, [](const std::string& part) { return std::stoll(part); });
    } else {
        value = std::stoll(text);
    }
    return PyValue::number(sign * value);
}

// construct_yaml_float.
PyValue yaml_float(std::string text) {
    text = without_underscores(text);
    for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    double sign = 1.0;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        sign = text[0] == '-' ? -1.0 : 1.0;
        text.erase(0, 1);
    }
    if (text == ".inf") return PyValue::floating(sign * HUGE_VAL);
    if (text == ".nan") return PyValue::floating(std::nan(""));
    if (text.find(':') != std::string::npos) {
        return PyValue::floating(sign *
                                 sexagesimal<double>(text, [](const std::string& part) { return std::stod(part); }));
    }
    return PyValue::floating(sign * std::strtod(text.c_str(), nullptr));
}

PyValue scalar(const YAML::Node& node) {
    const std::string& text = node.Scalar();
    if (node.Tag() != "?") return PyValue::string(text);  // quoted, or tagged: kept as text
    if (std::regex_match(text, kBool)) {
        const char first = text[0];
        return PyValue::boolean(first == 'y' || first == 'Y' || first == 't' || first == 'T' || text == "on" ||
                                text == "On" || text == "ON");
    }
    if (std::regex_match(text, kNull)) return PyValue::none();
    try {
        if (std::regex_match(text, kInt)) return yaml_int(text);
    } catch (const std::out_of_range&) {
        throw std::invalid_argument("integer " + text + " is out of the supported range");
    }
    if (std::regex_match(text, kFloat)) return yaml_float(text);
    std::smatch date;
    if (std::regex_match(text, date, kDate)) {
        PyValue value;
        value.kind = PyValue::Kind::Date;
        value.text = "datetime.date(" + std::to_string(std::stoi(date[1].str())) + ", " +
                     std::to_string(std::stoi(date[2].str())) + ", " + std::to_string(std::stoi(date[3].str())) + ")";
        return value;
    }
    return PyValue::string(text);
}

PyValue convert(const YAML::Node& node, std::size_t depth) {
    constexpr std::size_t kMaxDepth = 200;
    if (depth > kMaxDepth) throw std::invalid_argument("the document is nested too deeply");
    switch (node.Type()) {
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined: return PyValue::none();
        case YAML::NodeType::Scalar: return scalar(node);
        case YAML::NodeType::Sequence: {
            PyValue list;
            list.kind = PyValue::Kind::List;
            for (const auto& item : node) list.items.push_back(convert(item, depth + 1));
            return list;
        }
        case YAML::NodeType::Map: {
            PyValue dict = PyValue::dict();
            for (const auto& entry : node)
                dict.set_item(convert(entry.first, depth + 1), convert(entry.second, depth + 1));
            return dict;
        }
    }
    return PyValue::none();
}

}  // namespace

PyValue load_yaml_values(std::string_view text) {
    try {
        return convert(YAML::Load(std::string(text)), 0);
    } catch (const YAML::Exception& error) {
        throw std::invalid_argument(error.what());
    }
}

}  // namespace msprobe::verl_config
