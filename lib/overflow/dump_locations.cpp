#include "overflow/dump_locations.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "common/error.hpp"

namespace fs = std::filesystem;

namespace msprobe::overflow {

namespace {

// The number after `prefix` ("rank12" -> 12, "rank" -> 0); nullopt when the name has another shape.
std::optional<long> numbered(const std::string& name, const std::string& prefix) {
    if (name.rfind(prefix, 0) != 0) return std::nullopt;
    const std::string digits = name.substr(prefix.size());
    if (digits.empty()) return 0;
    if (digits.size() > 9 ||
        !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); })) {
        return std::nullopt;
    }
    return std::stol(digits);
}

std::optional<long> rank_number(const std::string& name) {
    if (name.rfind("proc", 0) == 0) return 0;  // a single non-distributed process
    return numbered(name, "rank");
}

struct Child {
    long number;
    fs::path path;
};

std::vector<Child> numbered_children(const fs::path& dir, std::optional<long> (*number_of)(const std::string&)) {
    std::vector<Child> children;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!entry.is_directory(ec)) continue;
        if (auto n = number_of(entry.path().filename().string())) children.push_back({*n, entry.path()});
    }
    std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) {
        return a.number != b.number ? a.number < b.number : a.path.filename() < b.path.filename();
    });
    return children;
}

std::optional<long> step_number(const std::string& name) { return numbered(name, "step"); }

void add_step(const fs::path& step_dir, const std::string& step, std::vector<DumpLocation>& out) {
    for (const auto& rank : numbered_children(step_dir, &rank_number)) {
        const fs::path dump = rank.path / "dump.json";
        if (!fs::is_regular_file(dump)) throw Error(rank.path.string(), "no dump.json in this rank directory");
        out.push_back({dump, step, "rank_" + std::to_string(rank.number)});
    }
}

}  // namespace

std::vector<DumpLocation> locate_dumps(const fs::path& input) {
    std::error_code ec;
    const auto status = fs::status(input, ec);
    if (!fs::exists(status)) throw Error(input.string(), "no such file or directory");
    if (fs::is_regular_file(status)) {
        if (input.extension() != ".json") {
            throw Error(input.string(), "not a dump.json (ptdbg .pkl and other inputs are not supported yet)");
        }
        return {{input, {}, {}}};
    }
    if (!fs::is_directory(status)) throw Error(input.string(), "neither a file nor a directory");

    std::vector<DumpLocation> found;
    if (fs::is_regular_file(input / "dump.json")) {
        const std::string name = fs::absolute(input).lexically_normal().filename().string();
        const auto rank = rank_number(name);
        found.push_back({input / "dump.json", {}, rank ? "rank_" + std::to_string(*rank) : std::string()});
        return found;
    }
    add_step(input, {}, found);
    if (!found.empty()) return found;
    for (const auto& step : numbered_children(input, &step_number)) {
        add_step(step.path, step.path.filename().string(), found);
    }
    if (found.empty()) {
        throw Error(input.string(), "no dump.json found (expected a dump.json, a rank, step or dump root directory)");
    }
    return found;
}

}  // namespace msprobe::overflow
