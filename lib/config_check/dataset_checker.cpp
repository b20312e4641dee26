// The dataset checker: the statistics of the first forward inputs of every step and rank, dataset/step<S>/rank<R>/
// dataset.json, compared tag by tag (the dotted path of each {max, min, mean, norm} record).
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

bool is_statistics_record(dump::JsonView value) {
    if (value.size() != 4) return false;
    std::set<std::string_view> names;
    for (const auto& member : value.members()) names.insert(member.name);
    return names == std::set<std::string_view>{"max", "min", "mean", "norm"};
}

void expect_object(dump::JsonView value, const std::string& file, const std::string& tag) {
    if (!value.is_object()) {
        throw Error(file, tag.empty() ? std::string("is not a JSON object")
                                      : fmt::format("'{}' is not an object on both sides", tag));
    }
}

// compare_dataset_dicts: bench's keys in order (missing in cmp: False), then cmp's own (False).
void compare_records(dump::JsonView bench, dump::JsonView cmp, const std::string& tag, const std::string& file,
                     std::vector<std::vector<report::Cell>>& out) {
    expect_object(bench, file, tag);
    expect_object(cmp, file, tag);
    const auto tag_of = [&](std::string_view key) {
        return tag.empty() ? std::string(key) : tag + "." + std::string(key);
    };
    for (const auto& member : bench.members()) {
        const std::string key_tag = tag_of(member.name);
        const dump::JsonView other = cmp.member(member.name);
        if (!other) {
            out.push_back({key_tag, report::Cell::boolean(false)});
            continue;
        }
        if (!member.value.is_object()) continue;
        if (!is_statistics_record(member.value)) {
            compare_records(member.value, other, key_tag, file, out);
            continue;
        }
        expect_object(other, file, key_tag);
        std::vector<report::Cell> row{key_tag, report::Cell::boolean(dump::python_equal(member.value, other))};
        for (const std::string_view statistic : kStatistics) {
            row.push_back(relative_diff(member.value.member(statistic), other.member(statistic), file,
                                        fmt::format("'{}' of '{}'", statistic, key_tag)));
        }
        out.push_back(std::move(row));
    }
    for (const auto& member : cmp.members()) {
        if (!bench.member(member.name)) out.push_back({tag_of(member.name), report::Cell::boolean(false)});
    }
}

}  // namespace

std::optional<CheckerResult> check_dataset(const fs::path& bench_dir, const fs::path& cmp_dir) {
    if (!both_have(bench_dir, cmp_dir, "dataset")) return std::nullopt;
    const fs::path bench_root = bench_dir / "dataset";
    const fs::path cmp_root = cmp_dir / "dataset";
    std::vector<StepRankRow> rows;
    for (const fs::path& step : sorted_entries(bench_root)) {
        if (!fs::is_directory(step)) continue;
        for (const fs::path& rank : sorted_entries(step)) {
            const fs::path bench_file = rank / "dataset.json";
            const fs::path cmp_file = cmp_root / step.filename() / rank.filename() / "dataset.json";
            if (!fs::is_regular_file(bench_file) || !fs::is_regular_file(cmp_file)) continue;
            const auto bench = dump::JsonFile::load(bench_file);
            const auto cmp = dump::JsonFile::load(cmp_file);
            std::vector<std::vector<report::Cell>> records;
            compare_records(bench.root(), cmp.root(), "", cmp_file.string(), records);
            const long long step_number = folder_number(step.filename().string(), "step", step);
            const long long rank_number = folder_number(rank.filename().string(), "rank", rank);
            for (auto& cells : records) rows.push_back({step_number, rank_number, std::move(cells)});
        }
    }
    return step_rank_sheet("dataset", "tag", std::move(rows));
}

}  // namespace msprobe::config_check
