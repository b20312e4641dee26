#include "data2db/dump_import.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>

#include "common/error.hpp"
#include "common/log.hpp"
#include "data2db/dump_file_rows.hpp"
#include "data2db/trend_database.hpp"
#include "data2db/trend_tags.hpp"

namespace msprobe::data2db {

namespace {

// The targets msprobe has seen per metric, in the order it saw the metrics and, per metric, the targets.
class SeenTargets {
public:
    struct Target {
        std::string name;
        std::int64_t id = 0;
    };
    struct Metric {
        DumpMetric metric;
        std::vector<Target> targets;
        std::unordered_map<std::string, std::size_t> index;  // name '\n' call → position
    };

    // The id of a target already written for `metric`, or nullopt; notes the metric's first appearance.
    std::optional<std::int64_t> known(DumpMetric metric, const std::string& key) {
        Metric& seen = of(metric);
        const auto found = seen.index.find(key);
        if (found == seen.index.end()) return std::nullopt;
        return seen.targets[found->second].id;
    }
    void add(DumpMetric metric, const std::string& key, std::string name, std::int64_t id) {
        Metric& seen = of(metric);
        seen.index.emplace(key, seen.targets.size());
        seen.targets.push_back({std::move(name), id});
    }
    const std::vector<Metric>& metrics() const { return metrics_; }

private:
    Metric& of(DumpMetric metric) {
        for (auto& seen : metrics_) {
            if (seen.metric == metric) return seen;
        }
        return metrics_.emplace_back(Metric{metric, {}, {}});
    }
    std::vector<Metric> metrics_;
};

// Writes one file's rows at `start_step`, batch by batch: the batch's new targets first, by metric id, then its rows.
void write_file(TrendDatabase& db, SeenTargets& seen, const DumpFileRows& file, std::int64_t rank,
                std::int64_t start_step) {
    constexpr std::int64_t kUnresolved = 0;
    std::vector<std::array<std::int64_t, kDumpMetricNames.size()>> ids(file.targets.size());
    const auto key_of = [&](std::uint32_t t) {
        return fmt::format("{}\n{}", file.targets[t].name, file.targets[t].call);
    };
    std::size_t begin = 0;
    for (const std::size_t end : file.batch_ends) {
        std::map<DumpMetric, std::vector<std::uint32_t>> fresh;  // per metric, targets in first-seen order
        for (std::size_t r = begin; r < end; ++r) {
            const DumpTrendRow& row = file.rows[r];
            std::int64_t& id = ids[row.target][static_cast<std::size_t>(row.metric) - 1];
            if (id != kUnresolved) continue;
            if (const auto known = seen.known(row.metric, key_of(row.target))) {
                id = *known;
                continue;
            }
            id = -1;  // new: written with the batch's targets below
            fresh[row.metric].push_back(row.target);
        }
        for (const auto& [metric, targets] : fresh) {
            for (const std::uint32_t t : targets) {
                const DumpTargetKey& target = file.targets[t];
                const std::int64_t id = db.add_target(target.name, 0, target.call);
                seen.add(metric, key_of(t), target.name, id);
                ids[t][static_cast<std::size_t>(metric) - 1] = id;
            }
        }
        for (std::size_t r = begin; r < end; ++r) {
            const DumpTrendRow& row = file.rows[r];
            db.add_trend_row(rank, start_step + row.micro_step,
                             ids[row.target][static_cast<std::size_t>(row.metric) - 1],
                             static_cast<std::int64_t>(row.metric), row.stats);
        }
        begin = end;
    }
}

}  // namespace

void import_dump_tree(const DumpTree& tree, const NameMapping& mapping, const DumpImportOptions& options,
                      const std::filesystem::path& path, const std::string& shown_name, ThreadPool& pool) {
    TrendDatabase db(path, shown_name);
    db.create_trend_table({"norm", "max", "min", "mean"});
    for (const auto name : kDumpMetricNames) db.add_metric(name);
    SeenTargets seen;
    std::int64_t start_step = 0;
    std::int64_t max_rank = 0;
    for (const DumpStep& step : tree.steps) {
        if (!options.count_micro_steps) start_step = step.step;
        std::vector<std::int64_t> micro_steps;
        // A thread's file at a time: as many files are held as the pool has threads.
        const std::size_t window = pool.size();
        for (std::size_t first = 0; first < step.ranks.size(); first += window) {
            const std::size_t count = std::min(window, step.ranks.size() - first);
            std::vector<DumpFileRows> files(count);
            pool.parallel_for(static_cast<std::int64_t>(count), [&](std::int64_t i) {
                const auto at = static_cast<std::size_t>(i);
                files[at] = read_dump_file_rows(step.ranks[first + at], mapping, options.count_micro_steps);
            });
            for (std::size_t i = 0; i < count; ++i) {
                const DumpRankFiles& rank = step.ranks[first + i];
                max_rank = std::max(max_rank, rank.rank);
                if (!files[i].has_data && options.count_micro_steps) {
                    // msprobe fails here too (it cannot add the micro steps of a file without them).
                    throw Error(rank.dump_json.string(), "has no \"data\" object: its micro steps cannot be counted");
                }
                write_file(db, seen, files[i], rank.rank, start_step);
                micro_steps.push_back(files[i].micro_steps);
            }
        }
        if (options.count_micro_steps) {
            log::info(fmt::format("Step {} processing completed. Total micro steps identified: [{}]", step.step,
                                  fmt::join(micro_steps, ", ")));
            start_step += *std::max_element(micro_steps.begin(), micro_steps.end());
        }
    }
    std::vector<GlobalStat> stats{
        {"max_rank", max_rank},
        {"min_step", options.count_micro_steps ? std::int64_t{0} : tree.steps.front().step},
        {"max_step", options.count_micro_steps ? start_step - 1 : start_step},
    };
    for (const auto name : kDumpMetricNames) {
        stats.push_back({std::string(name), std::vector<std::string>{"norm", "max", "min", "mean"}});
    }
    db.write_global_stats(stats);
    for (const auto& metric : seen.metrics()) {
        std::vector<TaggedTarget> targets;
        for (const auto& target : metric.targets) {
            auto tags = dump_target_tags(target.name);
            if (!tags.empty()) targets.push_back({target.id, std::move(tags)});
        }
        if (!targets.empty()) db.add_target_tags(static_cast<std::int64_t>(metric.metric), targets);
    }
    db.finish();
}

}  // namespace msprobe::data2db
