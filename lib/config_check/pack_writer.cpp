#include "config_check/pack_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>
#include <utility>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_json_writer.hpp"
#include "common/python_text.hpp"
#include "common/zip_stream_writer.hpp"
#include "config_check/installed_distributions.hpp"
#include "config_check/script_hyperparameters.hpp"
#include "report/output_file.hpp"
#include "report/raw_deflate.hpp"

extern char** environ;  // NOLINT(readability-redundant-declaration)

namespace msprobe::config_check {

namespace {

namespace fs = std::filesystem;

constexpr int kDeflateLevel = 2;

void say(const std::string& message) { log::info("[config checking log] " + message); }

void write_json_value(py::JsonWriter& out, const nlohmann::ordered_json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::object:
            out.begin_object();
            for (const auto& [key, member] : value.items()) {
                out.key(key);
                write_json_value(out, member);
            }
            out.end_object();
            break;
        case nlohmann::json::value_t::array:
            out.begin_array();
            for (const auto& item : value) write_json_value(out, item);
            out.end_array();
            break;
        case nlohmann::json::value_t::string: out.string(value.get_ref<const std::string&>()); break;
        case nlohmann::json::value_t::boolean: out.boolean(value.get<bool>()); break;
        case nlohmann::json::value_t::number_integer: out.integer(value.get<std::int64_t>()); break;
        case nlohmann::json::value_t::number_unsigned:
            out.integer(static_cast<std::int64_t>(value.get<std::uint64_t>()));
            break;
        case nlohmann::json::value_t::number_float: out.number(value.get<double>()); break;
        default: out.null(); break;
    }
}

// FileCheckConst.FILE_VALID_PATTERN, which msprobe's PackInput holds the output path to.
bool has_valid_characters(const std::string& path) {
    return !path.empty() && std::all_of(path.begin(), path.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
               c == ':' || c == '/' || c == '-';
    });
}

void add_entry(zip::ZipStreamWriter& zip, const std::string& name, const std::string& text) {
    zip.begin_entry(name);
    zip.write(report::deflate_raw(text, kDeflateLevel));
    zip.end_entry(report::crc32_of(text), text.size());
}

}  // namespace

std::string indented_json(const nlohmann::ordered_json& value) {
    py::JsonWriter out(4);
    write_json_value(out, value);
    return out.text();
}

std::string environment_json(char** environment) {
    nlohmann::ordered_json variables = nlohmann::ordered_json::object();
    for (char** entry = environment; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text(*entry);
        const std::size_t equals = text.find('=');
        if (equals == std::string_view::npos) continue;
        const std::string key(text.substr(0, equals));
        if (!variables.contains(key)) variables[key] = std::string(text.substr(equals + 1));
    }
    // Written through the JsonWriter, not nlohmann's dump: its texts need not be UTF-8.
    py::JsonWriter out(4);
    out.begin_object();
    for (const auto& [key, value] : variables.items()) {
        out.key(key);
        out.string(value.get_ref<const std::string&>());
    }
    out.end_object();
    return out.text();
}

void write_pack(const PackRequest& request) {
    const std::string& output = request.output_zip;
    if (!output.ends_with(".zip")) throw Error(output, "output zip path must be a string and ends with '.zip'");
    if (!has_valid_characters(output)) throw Error(output, "The file path contains special characters.");
    check_scripts(request.scripts);
    std::error_code ec;
    const fs::path absolute = fs::weakly_canonical(fs::absolute(output, ec), ec);
    say(fmt::format("pack result zip path {}", (ec ? fs::path(output) : absolute).string()));

    std::vector<std::pair<std::string, std::string>> entries;
    entries.emplace_back("env", environment_json(environ));
    say("add env args to zip");
    entries.emplace_back("pip", installed_distributions_text(python_search_folders(this_process_python_environment())));
    say("add pip info to zip");
    if (!request.scripts.empty()) {
        const auto hyperparameters = script_hyperparameters(request.scripts);
        if (!hyperparameters.empty()) {
            entries.emplace_back("hyperparameters/hyperparameters_static.json", indented_json(hyperparameters));
            say("add static hyperparameters args to zip");
        } else {
            std::vector<std::string> quoted;
            for (const auto& script : request.scripts) quoted.push_back(py::str_repr(script));
            say(fmt::format("Warning: Failed to extract hyperparameters from script {}", py::list_text(quoted)));
        }
    }
    report::write_atomically(
        output,
        [&](const fs::path& temp) {
            zip::ZipStreamWriter zip(temp);
            for (const auto& [name, text] : entries) add_entry(zip, name, text);
            zip.finish();
        },
        report::Existing::Replace);
}

}  // namespace msprobe::config_check
