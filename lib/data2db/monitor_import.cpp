#include "data2db/monitor_import.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "common/log.hpp"
#include "data2db/monitor_csv.hpp"
#include "data2db/trend_database.hpp"
#include "data2db/trend_tags.hpp"

namespace msprobe::data2db {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kFilesPerBatch = 100;  // msprobe's tasks: a rank's files, 100 at a time

struct CsvFile {
    std::size_t rank_dir = 0;  // index into the rank folders
    fs::path path;
    std::string metric;
};

struct TargetKey {
    std::string name;
    std::int64_t vpp_stage = 0;
    std::int64_t micro_step = 0;
    auto operator<=>(const TargetKey&) const = default;
};

// What the first pass learns from one file.
struct FileDimensions {
    std::vector<std::string> stats;
    std::vector<TargetKey> targets;                    // first-seen order
    std::map<std::int64_t, std::int64_t> micro_steps;  // step → micro steps seen (micro-step counting)
    std::optional<std::int64_t> min_step;
    std::int64_t max_step = 0;
};

// The first pass over the whole run, in task order.
struct Dimensions {
    std::vector<std::string> metric_order;  // metrics in the order they were met
    std::map<std::string, std::set<std::string>> metric_stats;
    std::map<std::string, std::vector<TargetKey>> targets;  // per metric, first-seen order
    std::vector<std::string> target_metric_order;           // metrics with targets, in the order they were met
    std::map<std::string, std::set<TargetKey>> target_seen;
    std::set<std::string> all_stats;
    std::map<std::int64_t, std::int64_t> micro_steps;
    std::optional<std::int64_t> min_step;
    std::int64_t max_step = 0;
    std::int64_t max_rank = 0;
};

std::string mapped(const NameMapping& mapping, std::string name) {
    return mapping.empty() ? name : mapping.applied(std::move(name));
}

FileDimensions file_dimensions(const CsvFile& file, const NameMapping& mapping, bool count_micro_steps) {
    const MonitorCsv csv = read_monitor_csv(file.path);
    for (const auto& reason : csv.skipped) {
        log::warning(fmt::format("Skip invalid row in {}: {}", file.path.string(), reason));
    }
    FileDimensions dims;
    dims.stats = csv.stats;
    std::set<TargetKey> seen;
    for (const auto& row : csv.rows) {
        std::int64_t micro = row.micro_step;
        if (count_micro_steps) {
            auto& count = dims.micro_steps[row.step];
            if (micro >= count) count = micro + 1;
            micro = 0;
        } else {
            dims.min_step = dims.min_step ? std::min(*dims.min_step, row.step) : row.step;
            dims.max_step = std::max(dims.max_step, row.step);
        }
        TargetKey key{mapped(mapping, row.name), row.vpp_stage, micro};
        if (seen.insert(key).second) dims.targets.push_back(std::move(key));
    }
    return dims;
}

void gather(Dimensions& all, const CsvFile& file, FileDimensions dims) {
    if (!all.metric_stats.contains(file.metric)) all.metric_order.push_back(file.metric);
    auto& stats = all.metric_stats[file.metric];
    stats.insert(dims.stats.begin(), dims.stats.end());
    all.all_stats.insert(dims.stats.begin(), dims.stats.end());
    if (!dims.targets.empty()) {
        if (!all.targets.contains(file.metric)) all.target_metric_order.push_back(file.metric);
        auto& targets = all.targets[file.metric];
        auto& seen = all.target_seen[file.metric];
        for (auto& target : dims.targets) {
            if (seen.insert(target).second) targets.push_back(std::move(target));
        }
    }
    for (const auto& [step, count] : dims.micro_steps) {
        auto& merged = all.micro_steps[step];
        merged = std::max(merged, count);
    }
    if (dims.min_step) all.min_step = all.min_step ? std::min(*all.min_step, *dims.min_step) : *dims.min_step;
    all.max_step = std::max(all.max_step, dims.max_step);
}

// Statistic names in msprobe's order.
std::vector<std::string> ordered_stats(const std::set<std::string>& stats) {
    std::vector<std::string> ordered;
    for (const auto stat : kMonitorStats) {
        if (stats.contains(std::string(stat))) ordered.emplace_back(stat);
    }
    return ordered;
}

// Runs `read` on the files in windows of the pool's size and hands each result on, in file order.
template <typename Result, typename Read, typename Take>
void in_file_order(const std::vector<CsvFile>& files, ThreadPool& pool, Read read, Take take) {
    const std::size_t window = pool.size();
    for (std::size_t first = 0; first < files.size(); first += window) {
        const std::size_t count = std::min(window, files.size() - first);
        std::vector<Result> results(count);
        pool.parallel_for(static_cast<std::int64_t>(count), [&](std::int64_t i) {
            results[static_cast<std::size_t>(i)] = read(files[first + static_cast<std::size_t>(i)]);
        });
        for (std::size_t i = 0; i < count; ++i) take(files[first + i], std::move(results[i]));
    }
}

}  // namespace

std::vector<std::vector<fs::path>> monitor_csv_files(const std::vector<MonitorRankDir>& dirs) {
    std::vector<std::vector<fs::path>> files(dirs.size());
    for (std::size_t d = 0; d < dirs.size(); ++d) {
        std::error_code ec;
        if (!fs::is_directory(dirs[d].dir, ec)) continue;
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(dirs[d].dir)) names.push_back(entry.path().filename().string());
        std::sort(names.begin(), names.end());
        for (const auto& name : names) {
            if (monitor_csv_metric(name)) files[d].push_back(dirs[d].dir / name);
        }
    }
    return files;
}

bool import_monitor_dirs(const std::vector<MonitorRankDir>& dirs, const NameMapping& mapping,
                         const MonitorImportOptions& options, const fs::path& path, const std::string& shown_name,
                         ThreadPool& pool) {
    log::info("Scanning dimensions...");
    const auto per_dir = monitor_csv_files(dirs);
    std::vector<CsvFile> files;
    std::size_t ranks = 0, batches = 0;
    for (std::size_t d = 0; d < per_dir.size(); ++d) {
        if (per_dir[d].empty()) continue;
        ++ranks;
        batches += (per_dir[d].size() + kFilesPerBatch - 1) / kFilesPerBatch;
        for (const auto& file : per_dir[d]) files.push_back({d, file, *monitor_csv_metric(file.filename().string())});
    }
    if (files.empty()) {
        log::warning("No valid CSV files found");
        log::error("No valid data files found during pre-scan");
        return false;
    }
    log::info(fmt::format("Split {} ranks into {} batches (batch_size={}, total_files={})", ranks, batches,
                          kFilesPerBatch, files.size()));

    Dimensions dims;
    for (const auto& file : files) dims.max_rank = std::max(dims.max_rank, dirs[file.rank_dir].rank);
    in_file_order<FileDimensions>(
        files, pool, [&](const CsvFile& file) { return file_dimensions(file, mapping, options.count_micro_steps); },
        [&](const CsvFile& file, FileDimensions file_dims) { gather(dims, file, std::move(file_dims)); });

    std::unordered_map<std::int64_t, std::int64_t> step_offset;  // step → micro steps of the steps before it
    std::int64_t min_step = 0, max_step = 0;
    if (options.count_micro_steps) {
        std::int64_t total = 0;
        for (const auto& [step, count] : dims.micro_steps) {
            step_offset[step] = total;
            total += count;
        }
        max_step = dims.micro_steps.empty() ? 0 : total - 1;
    } else {
        min_step = dims.min_step.value_or(0);
        max_step = dims.max_step;
    }

    TrendDatabase db(path, shown_name);
    // Targets metric by metric in msprobe's metric order, then the metrics (their ids in that order).
    std::map<TargetKey, std::int64_t> target_ids;
    std::vector<std::string> metrics;
    for (const auto metric : kMonitorMetrics) {
        const auto targets = dims.targets.find(std::string(metric));
        if (targets == dims.targets.end()) continue;
        metrics.emplace_back(metric);
        for (const auto& target : targets->second) {
            target_ids.emplace(target, db.add_target(target.name, target.vpp_stage, target.micro_step));
        }
    }
    std::map<std::string, std::int64_t> metric_ids;
    for (const auto& metric : metrics) metric_ids[metric] = db.add_metric(metric);

    std::vector<GlobalStat> global{{"min_step", min_step}, {"max_step", max_step}, {"max_rank", dims.max_rank}};
    for (const auto& metric : dims.metric_order) global.push_back({metric, ordered_stats(dims.metric_stats[metric])});
    db.write_global_stats(global);
    const std::vector<std::string> columns = ordered_stats(dims.all_stats);
    db.create_trend_table(columns);

    for (const auto& metric : dims.target_metric_order) {
        const auto targets = dims.targets.find(metric);
        std::vector<TaggedTarget> tagged;
        for (const auto& target : targets->second) {
            auto tags = monitor_target_tags(target.name);
            if (!tags.empty()) tagged.push_back({target_ids.at(target), std::move(tags)});
        }
        if (!tagged.empty()) db.add_target_tags(metric_ids.at(metric), tagged);
    }

    log::info(fmt::format("Starting data import for {} batches, {} files...", batches, files.size()));
    std::vector<std::optional<double>> values(columns.size());
    std::size_t inserted = 0;
    std::size_t batch_files = 0;
    std::optional<std::size_t> batch_dir;
    const auto end_batch = [&] {
        if (batch_dir) log::info(fmt::format("Rank {} inserted {} rows", dirs[*batch_dir].rank_text, inserted));
        inserted = 0;
        batch_files = 0;
    };
    in_file_order<MonitorCsv>(
        files, pool, [](const CsvFile& file) { return read_monitor_csv(file.path); },
        [&](const CsvFile& file, MonitorCsv csv) {
            if (batch_dir != file.rank_dir || batch_files == kFilesPerBatch) end_batch();
            batch_dir = file.rank_dir;
            ++batch_files;
            for (const auto& reason : csv.skipped) {
                log::error(fmt::format("Skip invalid row in {}: {}", file.path.string(), reason));
            }
            const auto metric = metric_ids.find(file.metric);
            if (metric == metric_ids.end()) return;
            // Each trend column: this file's column of that statistic, or none (NULL).
            std::vector<std::optional<std::size_t>> source(columns.size());
            for (std::size_t c = 0; c < columns.size(); ++c) {
                const auto found = std::find(csv.stats.begin(), csv.stats.end(), columns[c]);
                if (found != csv.stats.end()) source[c] = static_cast<std::size_t>(found - csv.stats.begin());
            }
            for (const auto& row : csv.rows) {
                std::int64_t step = row.step;
                std::int64_t micro = row.micro_step;
                if (options.count_micro_steps) {
                    const auto offset = step_offset.find(row.step);
                    step = (offset == step_offset.end() ? 0 : offset->second) + row.micro_step;
                    micro = 0;
                }
                const auto target = target_ids.find(TargetKey{mapped(mapping, row.name), row.vpp_stage, micro});
                if (target == target_ids.end()) continue;
                for (std::size_t c = 0; c < columns.size(); ++c) {
                    values[c] = source[c] ? row.stats[*source[c]] : std::nullopt;
                }
                if (db.add_trend_row(dirs[file.rank_dir].rank, step, target->second, metric->second, values)) {
                    ++inserted;
                }
            }
        });
    end_batch();
    db.finish();
    return true;
}

}  // namespace msprobe::data2db
