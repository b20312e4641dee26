#include "config_check/script_hyperparameters.hpp"

#include <fmt/format.h>

#include <system_error>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/log.hpp"
#include "config_check/shell_hyperparameters.hpp"
#include "config_check/yaml_hyperparameters.hpp"

namespace msprobe::config_check {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxScripts = 100;  // Const.EXTERN_INPUT_LIST_MAX_LEN

bool is_file(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

bool is_valid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80    ? 1
                                   : lead >= 0xF5 ? 0
                                   : lead >= 0xF0 ? 4
                                   : lead >= 0xE0 ? 3
                                   : lead >= 0xC2 ? 2
                                                  : 0;
        if (length == 0 || i + length > text.size()) return false;
        for (std::size_t k = 1; k < length; ++k) {
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        }
        i += length;
    }
    return true;
}

// Python's text mode: "\r\n" and a lone "\r" read as "\n".
std::string universal_newlines(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
            out.push_back('\n');
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
            out.push_back(text[i]);
        }
    }
    return out;
}

void say(const std::string& message) { log::info("[config checking log] " + message); }

std::string parse_failure(const char* parser, const fs::path& file, const std::string& reason) {
    return fmt::format(
        "<class 'msprobe.core.config_check.utils.hyperparameter_parser.{}'> parsing error, skip file "
        "path: {}, error: {}",
        parser, file.string(), reason);
}

}  // namespace

void check_scripts(const std::vector<std::string>& scripts) {
    if (scripts.size() > kMaxScripts) {
        throw Error("", fmt::format("input list exceed max length {}", kMaxScripts));
    }
    for (const auto& script : scripts) {
        if (!is_file(script)) continue;
        const std::string extension = fs::path(script).extension().string();
        if (extension != ".sh" && extension != ".yaml") {
            throw Error(script, fmt::format("Invalid parser type: {} (a script is a .sh or .yaml file)", extension));
        }
    }
}

void merge_hyperparameters(nlohmann::ordered_json& merged, const nlohmann::ordered_json& added) {
    for (const auto& [key, value] : added.items()) {
        const auto found = merged.find(key);
        if (found == merged.end() || *found == value) {
            merged[key] = value;
            continue;
        }
        const bool is_record = found->is_object() && found->contains("description") &&
                               (*found)["description"] == "duplicate_value" && found->contains("values") &&
                               (*found)["values"].is_array();
        if (is_record) {
            (*found)["values"].push_back(value);
        } else {
            *found = nlohmann::ordered_json{{"description", "duplicate_value"},
                                            {"values", nlohmann::ordered_json::array({*found, value})}};
        }
    }
}

nlohmann::ordered_json script_hyperparameters(const std::vector<std::string>& scripts) {
    nlohmann::ordered_json merged = nlohmann::ordered_json::object();
    YamlHyperparameters yaml;
    for (const auto& script : scripts) {
        if (!is_file(script)) {
            say(fmt::format("Warning: Script path {} is not a file.", script));
            continue;
        }
        std::error_code ec;
        const fs::path real = fs::canonical(script, ec);
        const fs::path file = ec ? fs::path(script) : real;
        nlohmann::ordered_json found = nlohmann::ordered_json::object();
        if (fs::path(script).extension() == ".sh") {
            try {
                const std::string text = InputFile::open(script, InputKind::Yaml).read_all();
                if (!is_valid_utf8(text)) {
                    say(parse_failure("ShellParser", file, "the script is not UTF-8 text"));
                } else {
                    found = shell_hyperparameters(universal_newlines(text));
                }
            } catch (const Error& e) {
                say(parse_failure("ShellParser", file, e.reason()));
            }
        } else {
            try {
                found = yaml.read(script);
            } catch (const Error& e) {
                say(parse_failure("YamlParser", file, e.reason()));
            }
        }
        merge_hyperparameters(merged, found);
    }
    return merged;
}

}  // namespace msprobe::config_check
