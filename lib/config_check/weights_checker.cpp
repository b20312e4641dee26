// The weights checker: the statistics of every parameter at every step and rank, weights/step<S>/rank<R>/*.json,
// compared name by name.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "config_check/checker_support.hpp"
#include "config_check/pack_checkers.hpp"
#include "config_check/sorted_entries.hpp"
#include "dump/json_file.hpp"
#include "dump/python_equality.hpp"

namespace msprobe::config_check {

namespace {

// os_walk_for_files(path, 10): files of folders less than 10 levels below the root, a folder's files before its
// subfolders (by name here, where os.walk takes the file system's order).
void walk_json_files(const fs::path& dir, int depth, std::vector<fs::path>& out) {
    if (depth >= 10) return;
    std::vector<fs::path> folders;
    for (const fs::path& entry : sorted_entries(dir)) {
        if (fs::is_directory(entry)) {
            folders.push_back(entry);
        } else if (entry.extension() == ".json" || entry.filename().string().ends_with(".json")) {
            out.push_back(entry);
        }
    }
    for (const fs::path& folder : folders) walk_json_files(folder, depth + 1, out);
}

dump::JsonFile load_object(const fs::path& file) {
    auto json = dump::JsonFile::load(file);
    if (!json.root().is_object()) throw Error(file.string(), "is not a JSON object");
    return json;
}

std::vector<report::Cell> compared(std::string_view name, dump::JsonView bench, dump::JsonView cmp,
                                   const std::string& file) {
    if (!bench.is_object() || !cmp.is_object()) {
        throw Error(file, fmt::format("the statistics of '{}' are not an object on both sides", name));
    }
    bool equal = true;
    std::vector<report::Cell> diffs;
    for (const std::string_view statistic : kStatistics) {
        const dump::JsonView b = bench.member(statistic);
        const dump::JsonView c = cmp.member(statistic);
        diffs.push_back(relative_diff(b, c, file, fmt::format("'{}' of '{}'", statistic, name)));
        equal = equal && dump::python_equal(b, c);
    }
    std::vector<report::Cell> cells{std::string(name), report::Cell::boolean(equal)};
    for (auto& diff : diffs) cells.push_back(std::move(diff));
    return cells;
}

}  // namespace

std::optional<CheckerResult> check_weights(const fs::path& bench_dir, const fs::path& cmp_dir) {
    if (!both_have(bench_dir, cmp_dir, "weights")) return std::nullopt;
    const fs::path bench_root = bench_dir / "weights";
    const fs::path cmp_root = cmp_dir / "weights";
    std::vector<fs::path> files;
    if (fs::is_directory(bench_root)) walk_json_files(bench_root, 0, files);
    std::vector<StepRankRow> rows;
    for (const fs::path& bench_file : files) {
        const fs::path relative = bench_file.parent_path().lexically_relative(bench_root);
        const std::vector<fs::path> parts(relative.begin(), relative.end());
        if (parts.size() < 2 || relative == ".") {
            throw Error(bench_file.string(), "Can not compare weights because the extracted file has been corrupted!");
        }
        const long long step = folder_number(parts[0].string(), "step", bench_file);
        const long long rank = folder_number(parts[1].string(), "rank", bench_file);
        const fs::path cmp_file = cmp_root / relative / bench_file.filename();
        const auto bench = load_object(bench_file);
        if (!fs::exists(cmp_file)) {
            for (const auto& member : bench.root().members()) {
                rows.push_back({step, rank, {std::string(member.name), "only bench have"}});
            }
            continue;
        }
        const auto cmp = load_object(cmp_file);
        // msprobe takes the union of both sides' names in a Python set's order; here in name order.
        std::set<std::string_view> names;
        for (const auto& member : bench.root().members()) names.insert(member.name);
        for (const auto& member : cmp.root().members()) names.insert(member.name);
        for (const std::string_view name : names) {
            const dump::JsonView b = bench.root().member(name);
            const dump::JsonView c = cmp.root().member(name);
            std::vector<report::Cell> cells;
            if (!b || !c) {
                cells = {std::string(name), b ? "only bench have" : "only cmp have"};
            } else {
                cells = compared(name, b, c, cmp_file.string());
            }
            rows.push_back({step, rank, std::move(cells)});
        }
    }
    return step_rank_sheet("weights", "weight_name", std::move(rows));
}

}  // namespace msprobe::config_check
