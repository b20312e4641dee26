#include "tensor/bin_dump_name.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>

#include "common/error.hpp"
#include "tensor/read_error.hpp"

namespace msprobe::tensor {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t at = 0; at <= text.size(); ++at) {
        if (at == text.size() || text[at] == separator) {
            parts.push_back(text.substr(start, at - start));
            start = at + 1;
        }
    }
    return parts;
}

bool is_name_token(std::string_view token) {
    return !token.empty() && std::all_of(token.begin(), token.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

bool is_digits(std::string_view token) {
    return !token.empty() && std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::uint64_t number(std::string_view token, std::string_view name, std::size_t position) {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (!is_digits(token) || error != std::errc() || end != token.data() + token.size()) {
        fail(std::string(name), ReadFailure::BadName,
             "field " + std::to_string(position + 1) + " '" + std::string(token) + "' is not a decimal number");
    }
    return value;
}

}  // namespace

BinDumpName parse_bin_dump_name(std::string_view name) {
    const auto fields = split(name, '.');
    const bool op_debug = !fields.empty() && fields[0] == "Opdebug";
    const std::size_t n = fields.size();
    const bool counted = op_debug ? (n >= 5 && n <= 9) : (n == 4 || n == 5 || n == 9);
    if (!counted) {
        fail(std::string(name), ReadFailure::BadName,
             std::to_string(n) + " dot-separated fields; a kernel dump name has 4, 5 or 9, an op-debug name 5 to 9");
    }
    for (std::size_t i = 0; i < 2; ++i) {
        if (!is_name_token(fields[i])) {
            fail(std::string(name), ReadFailure::BadName,
                 "field " + std::to_string(i + 1) + " '" + std::string(fields[i]) + "' is not a name of [A-Za-z0-9_-]");
        }
    }
    BinDumpName parsed;
    parsed.op_type = fields[0];
    parsed.op_name = fields[1];
    parsed.task_id = number(fields[2], name, 2);
    if (n == 4) {
        parsed.timestamp = number(fields[3], name, 3);
        return parsed;
    }
    parsed.stream_id = number(fields[3], name, 3);
    parsed.timestamp = number(fields[4], name, 4);
    std::vector<std::uint64_t> rest;
    for (std::size_t i = 5; i < n; ++i) rest.push_back(number(fields[i], name, i));
    if (op_debug) {
        parsed.extra = std::move(rest);
    } else if (n == 9) {
        parsed.extended = ExtendedTask{rest[0], rest[1], rest[2], rest[3]};
    }
    return parsed;
}

bool is_mapped_short_name(std::string_view name) {
    if (name.size() > 4 && name.substr(name.size() - 4) == ".npy") name.remove_suffix(4);
    return is_digits(name);
}

std::map<std::string, std::string> read_dump_mapping(const std::filesystem::path& folder,
                                                     std::vector<std::string>& warnings) {
    std::map<std::string, std::string> mapping;
    const auto path = folder / "mapping.csv";
    std::ifstream in(path);
    if (!in) return mapping;
    std::string line;
    for (std::size_t number_of_line = 1; std::getline(in, line); ++number_of_line) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const auto columns = split(line, ',');
        if (columns.size() != 2) {
            warnings.push_back(path.string() + ": line " + std::to_string(number_of_line) + " has " +
                               std::to_string(columns.size()) + " columns, not 2; skipped");
            continue;
        }
        mapping.emplace(std::string(columns[0]), std::string(columns[1]));
    }
    return mapping;
}

std::string DumpNameResolver::resolved(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    std::string name = file.filename().string();
    if (!is_mapped_short_name(name)) return name;
    const std::lock_guard lock(mutex_);
    auto folder = folders_.find(file.parent_path());
    if (folder == folders_.end()) {
        folder = folders_.emplace(file.parent_path(), read_dump_mapping(file.parent_path(), warnings)).first;
    }
    const auto found = folder->second.find(name);
    return found == folder->second.end() ? name : found->second;
}

std::optional<BinDumpName> DumpNameResolver::parsed(const std::filesystem::path& file,
                                                    std::vector<std::string>& warnings) {
    try {
        return parse_bin_dump_name(resolved(file, warnings));
    } catch (const Error&) {
        return std::nullopt;
    }
}

std::string resolved_dump_name(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    return DumpNameResolver().resolved(file, warnings);
}

std::optional<BinDumpName> dump_file_name(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    return DumpNameResolver().parsed(file, warnings);
}

}  // namespace msprobe::tensor
