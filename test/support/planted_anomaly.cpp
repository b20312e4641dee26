#include "support/planted_anomaly.hpp"

#include <fstream>
#include <functional>
#include <iterator>
#include <string_view>
#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace msprobe::testing {

namespace {

using Json = nlohmann::ordered_json;

// msprobe's dump.json holds Python's bare Infinity, -Infinity and NaN, which JSON
// (and nlohmann) lacks: they cross the edit as marked strings.
constexpr std::string_view kNonFinite = "@msprobe-non-finite@";

std::string mark_non_finite(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) {
                out += text[++i];
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        bool marked = false;
        for (const std::string_view token : {"-Infinity", "Infinity", "NaN"}) {
            if (std::string_view(text).substr(i, token.size()) == token) {
                out += '"';
                out += kNonFinite;
                out += token;
                out += '"';
                i += token.size() - 1;
                marked = true;
                break;
            }
        }
        if (marked) continue;
        if (c == '"') in_string = true;
        out += c;
    }
    return out;
}

std::string unmark_non_finite(std::string text) {
    const std::string quoted_mark = "\"" + std::string(kNonFinite);
    for (auto at = text.find(quoted_mark); at != std::string::npos; at = text.find(quoted_mark, at)) {
        const auto close = text.find('"', at + 1);
        text.replace(at, close + 1 - at, text.substr(at + quoted_mark.size(), close - at - quoted_mark.size()));
    }
    return text;
}

Json load(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error(file.string(), "cannot open");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return Json::parse(mark_non_finite(text));
}

void save(const std::filesystem::path& file, const Json& json) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << unmark_non_finite(json.dump(1));
    if (!out.flush()) throw Error(file.string(), "write failed");
}

void edit_outputs(const std::filesystem::path& dump_json, const std::string& entry,
                  const std::function<void(Json& leaf)>& edit) {
    Json json = load(dump_json);
    auto& data = json.at("data");
    if (!data.contains(entry)) throw Error(dump_json.string(), "no entry " + entry);
    auto& output = data[entry]["output"];
    if (output.is_array()) {
        for (auto& leaf : output) {
            if (leaf.is_object() && leaf.contains("Max")) edit(leaf);
        }
    } else if (output.is_object() && output.contains("Max")) {
        edit(output);
    }
    save(dump_json, json);
}

}  // namespace

std::vector<std::string> dump_entry_names(const std::filesystem::path& dump_json) {
    std::vector<std::string> names;
    const Json json = load(dump_json);
    for (const auto& item : json.at("data").items()) names.push_back(item.key());
    return names;
}

std::string nth_compute_forward(const std::filesystem::path& dump_json, std::size_t n) {
    std::size_t seen = 0;
    for (const auto& name : dump_entry_names(dump_json)) {
        bool compute = name.ends_with(".forward") && !name.starts_with("Distributed.");
        for (const char* ignored : {"Torch.empty", "Torch.fill", "Tensor.__setitem__", "Tensor.to"}) {
            compute = compute && name.find(ignored) == std::string::npos;
        }
        if (compute && seen++ == n) return name;
    }
    throw Error(dump_json.string(), "has too few compute forward entries to plant into");
}

void plant_divergence(const std::filesystem::path& dump_json, const std::string& entry, double factor) {
    edit_outputs(dump_json, entry, [&](Json& leaf) {
        for (const char* key : {"Max", "Min", "Mean", "Norm"}) {
            if (leaf.contains(key) && leaf[key].is_number()) leaf[key] = leaf[key].get<double>() * factor;
        }
    });
}

void plant_inf(const std::filesystem::path& dump_json, const std::string& entry) {
    edit_outputs(dump_json, entry, [](Json& leaf) {
        leaf["Max"] = "inf";
        leaf["Min"] = "-inf";
        leaf["Mean"] = "nan";
        leaf["Norm"] = "nan";
    });
}

}  // namespace msprobe::testing
