// The pip checker: the versions of msprobe's resource/dependency.yaml packages in the two packs' `pip` lists.
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <string>

#include "common/input_file.hpp"
#include "common/python_str.hpp"
#include "config_check/checker_support.hpp"
#include "config_check/pack_checkers.hpp"

namespace msprobe::config_check {

namespace {

constexpr std::array<const char*, 8> kPackages{"transformers", "deepspeed", "megatron",  "numpy",
                                               "datasets",     "peft",      "mindspore", "torch"};

// load_pip_txt: each line stripped and split at every "="; a line of other than two parts gives an empty version;
// a later line of the same name wins.
std::map<std::string, std::string, std::less<>> read_pip_list(const fs::path& file) {
    std::map<std::string, std::string, std::less<>> versions;
    const std::string text = InputFile::open(file, InputKind::Table).read_all();
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
        const auto parts = py::split(line, '=');
        versions[std::string(parts[0])] = parts.size() == 2 ? std::string(parts[1]) : std::string();
        start = end + 1;
    }
    return versions;
}

}  // namespace

std::optional<CheckerResult> check_pip(const fs::path& bench_dir, const fs::path& cmp_dir) {
    if (!both_have(bench_dir, cmp_dir, "pip")) return std::nullopt;
    const auto bench = read_pip_list(bench_dir / "pip");
    const auto cmp = read_pip_list(cmp_dir / "pip");
    CheckerResult result{"pip", CheckLevel::Pass, {{"package", "bench version", "cmp version", "level"}, {}, {}}};
    for (const char* package : kPackages) {
        const auto b = bench.find(package);
        const auto c = cmp.find(package);
        const bool same = (b == bench.end()) == (c == cmp.end()) && (b == bench.end() || b->second == c->second);
        if (same) continue;
        const auto shown = [](const auto& found, const auto& list) {
            return found == list.end() || found->second.empty() ? std::string("None") : found->second;
        };
        result.table.rows.push_back({package, shown(b, bench), shown(c, cmp), level_text(CheckLevel::Error)});
        result.pass_check = CheckLevel::Error;
    }
    return result;
}

}  // namespace msprobe::config_check
