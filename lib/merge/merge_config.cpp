#include "merge/merge_config.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/yaml_scalar_kind.hpp"

namespace msprobe::merge {

namespace {

namespace fs = std::filesystem;

// msprobe loads the file with PyYAML's safe loader (YAML 1.1) and then tests
// values with Python truthiness; a plain (unquoted) scalar therefore is null,
// a bool, a number or a string depending on its spelling (plain_scalar_kind).

bool is_plain(const YAML::Node& node) { return node.IsScalar() && node.Tag() == "?"; }

bool is_null(const YAML::Node& node) {
    return !node.IsDefined() || node.IsNull() ||
           (is_plain(node) && py::plain_scalar_kind(node.Scalar()) == py::ScalarKind::Null);
}

bool is_string(const YAML::Node& node) {
    return node.IsScalar() && (!is_plain(node) || py::plain_scalar_kind(node.Scalar()) == py::ScalarKind::String);
}

// Python's bool() of the loaded value.
bool truthy(const YAML::Node& node) {
    if (is_null(node)) return false;
    if (node.IsSequence() || node.IsMap()) return node.size() > 0;
    if (!is_plain(node)) return !node.Scalar().empty();
    const std::string& text = node.Scalar();
    switch (py::plain_scalar_kind(text)) {
        case py::ScalarKind::Null: return false;
        case py::ScalarKind::Bool:
            return text[0] == 'y' || text[0] == 'Y' || text[0] == 't' || text[0] == 'T' || text == "on" ||
                   text == "On" || text == "ON";
        case py::ScalarKind::Number: {
            // Zero in any spelling is falsy: only digits 0, signs, radix prefixes, '.', '_' and an exponent.
            if (text.find(".nan") != std::string::npos || text.find(".NaN") != std::string::npos ||
                text.find(".NAN") != std::string::npos || text.find("inf") != std::string::npos ||
                text.find("Inf") != std::string::npos || text.find("INF") != std::string::npos) {
                return true;
            }
            std::string mantissa = text;
            if (const auto e = mantissa.find_first_of("eE");
                e != std::string::npos && mantissa.rfind("0x", 2) == std::string::npos) {
                mantissa.resize(e);
            }
            const auto body = mantissa.find_first_of("xob");
            if (body != std::string::npos) mantissa = mantissa.substr(body + 1);
            return mantissa.find_first_not_of("+-0._:") != std::string::npos;
        }
        case py::ScalarKind::String: return !text.empty();
    }
    return true;
}

std::vector<std::string> string_list(const YAML::Node& list, const char* message, const std::string& file) {
    std::vector<std::string> out;
    for (const auto& item : list) {
        if (!is_string(item)) throw Error(file, message);
        out.push_back(item.Scalar());
    }
    return out;
}

// The first occurrence of each entry, in order (a repeated index would shift msprobe's sheet names).
std::vector<std::string> without_repeats(const std::vector<std::string>& items) {
    std::vector<std::string> out;
    for (const auto& item : items) {
        if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
    }
    return out;
}

}  // namespace

MergeConfig parse_merge_config(const std::string& yaml_text, const std::string& file) {
    YAML::Node root;
    try {
        root = YAML::Load(yaml_text);
    } catch (const YAML::DeepRecursion& e) {  // its message is only "bad file"
        throw Error(file, fmt::format("Load yaml file failed: nested deeper than {} levels", e.depth()));
    } catch (const YAML::Exception& e) {
        throw Error(file, fmt::format("Load yaml file failed: {}", e.what()));
    } catch (...) {
        rethrow_naming(file);
    }
    if (!truthy(root)) throw Error(file, kConfigEmpty);
    // msprobe crashes on a top-level list or text; that is a wrongly formatted 'api'.
    if (!root.IsMap()) throw Error(file, kApiFormat);

    const YAML::Node api = root["api"];
    if (!truthy(api)) throw Error(file, kApiNotFound);
    if (!api.IsSequence()) throw Error(file, kApiFormat);
    MergeConfig config;
    config.apis = string_list(api, kApiFormat, file);

    const YAML::Node index = root["compare_index"];
    if (!is_null(index)) {
        if (!index.IsSequence()) throw Error(file, kCompareIndexFormat);
        config.compare_index = without_repeats(string_list(index, kCompareIndexFormat, file));
    }
    return config;
}

MergeConfig load_merge_config(const std::string& path) {
    if (fs::path(path).extension() != ".yaml") throw Error(path, "the config file must be a .yaml file");
    return parse_merge_config(read_input_file(path, InputKind::Yaml), path);
}

}  // namespace msprobe::merge
