#include "config_check/installed_distributions.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>

namespace msprobe::config_check {

namespace {

namespace fs = std::filesystem;

std::string lowered(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::vector<fs::path> sorted_children(const fs::path& dir) {
    std::vector<fs::path> children;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) children.push_back(it->path());
    std::sort(children.begin(), children.end());
    return children;
}

// `root`/lib/python3*/`site` folders, by name.
void add_versioned(std::vector<fs::path>& out, const fs::path& lib, const char* site) {
    for (const fs::path& child : sorted_children(lib)) {
        const std::string name = child.filename().string();
        if (name.starts_with("python3")) out.push_back(child / site);
    }
}

// Prepared.normalize of the name part of "name-version.dist-info": runs of - _ . as one "_", lowercase.
std::string normalized_name(const std::string& entry) {
    const std::string stem = lowered(entry.substr(0, entry.rfind('.')));
    const std::string name = stem.substr(0, stem.find('-'));
    std::string out;
    for (const char c : name) {
        const bool separator = c == '-' || c == '_' || c == '.';
        if (separator) {
            if (out.empty() || out.back() != '_') out.push_back('_');
        } else {
            out.push_back(c);
        }
    }
    return out;
}

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The metadata text: METADATA, else PKG-INFO, else the entry itself when it is a file (an egg-info file).
std::string metadata_text(const fs::path& entry) {
    std::error_code ec;
    if (fs::is_directory(entry, ec)) {
        std::string text = read_text(entry / "METADATA");
        if (text.empty()) text = read_text(entry / "PKG-INFO");
        return text;
    }
    return read_text(entry);
}

struct Headers {
    std::size_t count = 0;
    std::optional<std::string> name, version;
};

// The RFC 822 headers before the first blank line (email.message_from_string): the first Name and Version.
Headers read_headers(const std::string& text) {
    Headers headers;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) break;
        if (line[0] == ' ' || line[0] == '\t') continue;  // a continuation line
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) break;  // not a header: the body starts here
        ++headers.count;
        const std::string key = lowered(line.substr(0, colon));
        std::string value = line.substr(colon + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        if (key == "name" && !headers.name) headers.name = value;
        if (key == "version" && !headers.version) headers.version = value;
    }
    return headers;
}

}  // namespace

std::vector<fs::path> python_search_folders(const PythonSearchEnvironment& environment) {
    std::vector<fs::path> candidates;
    std::size_t start = 0;
    while (start <= environment.pythonpath.size() && !environment.pythonpath.empty()) {
        std::size_t end = environment.pythonpath.find(':', start);
        if (end == std::string::npos) end = environment.pythonpath.size();
        if (end > start) candidates.emplace_back(environment.pythonpath.substr(start, end - start));
        start = end + 1;
    }
    for (const std::string& prefix : {environment.virtual_env, environment.conda_prefix}) {
        if (!prefix.empty()) add_versioned(candidates, fs::path(prefix) / "lib", "site-packages");
    }
    if (!environment.home.empty())
        add_versioned(candidates, fs::path(environment.home) / ".local/lib", "site-packages");
    add_versioned(candidates, environment.root / "usr/local/lib", "dist-packages");
    add_versioned(candidates, environment.root / "usr/local/lib", "site-packages");
    candidates.push_back(environment.root / "usr/lib/python3/dist-packages");
    add_versioned(candidates, environment.root / "usr/lib", "dist-packages");
    add_versioned(candidates, environment.root / "usr/lib", "site-packages");

    std::vector<fs::path> folders;
    std::vector<fs::path> seen;
    for (const fs::path& candidate : candidates) {
        std::error_code ec;
        if (!fs::is_directory(candidate, ec)) continue;
        const fs::path real = fs::canonical(candidate, ec);
        if (ec || std::find(seen.begin(), seen.end(), real) != seen.end()) continue;
        seen.push_back(real);
        folders.push_back(candidate);
    }
    return folders;
}

std::string installed_distributions_text(const std::vector<fs::path>& folders) {
    std::string text;
    for (const fs::path& folder : folders) {
        // Lookup: the entries of each distribution name together, names in the order first seen.
        std::vector<std::pair<std::string, std::vector<fs::path>>> groups;
        for (const fs::path& child : sorted_children(folder)) {
            const std::string low = lowered(child.filename().string());
            if (!low.ends_with(".dist-info") && !low.ends_with(".egg-info")) continue;
            const std::string name = normalized_name(child.filename().string());
            const auto group =
                std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == name; });
            if (group == groups.end()) {
                groups.push_back({name, {child}});
            } else {
                group->second.push_back(child);
            }
        }
        for (const auto& [name, entries] : groups) {
            for (const fs::path& entry : entries) {
                const Headers headers = read_headers(metadata_text(entry));
                if (headers.count == 0) continue;  // `if pkg.metadata:` — no headers, no line
                text += headers.name.value_or("None") + "=" + headers.version.value_or("None") + "\n";
            }
        }
    }
    return text;
}

PythonSearchEnvironment this_process_python_environment() {
    const auto value = [](const char* name) {
        const char* v = std::getenv(name);
        return v == nullptr ? std::string() : std::string(v);
    };
    return {value("PYTHONPATH"), value("VIRTUAL_ENV"), value("CONDA_PREFIX"), value("HOME"), "/"};
}

}  // namespace msprobe::config_check
