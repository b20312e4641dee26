#include "data2db/dump_import.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <exception>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "common/error.hpp"
#include "common/log.hpp"
#include "data2db/dump_file_rows.hpp"
#include "data2db/trend_database.hpp"
#include "data2db/trend_tags.hpp"

namespace msprobe::data2db {

namespace {

constexpr std::array<const char*, 4> kTrendStats{"norm", "max", "min", "mean"};

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

// What the writer knows of one reader's targets: their names, and the id each has per metric once resolved.
struct ReaderTargets {
    std::vector<DumpTargetKey> targets;
    std::vector<std::array<std::int64_t, kDumpMetricNames.size()>> ids;  // 0 until resolved
};

std::string target_key(const DumpTargetKey& target) { return fmt::format("{}\n{}", target.name, target.call); }

// Writes one file's rows at `start_step`, batch by batch: the batch's new targets first, by metric id, then its rows.
void write_file(TrendDatabase& db, TrendRowRuns& trend_rows, SeenTargets& seen, const DumpFileRows& file,
                ReaderTargets& known, std::int64_t rank, std::int64_t start_step) {
    constexpr std::int64_t kUnresolved = 0;
    if (file.first_target != known.targets.size()) throw std::logic_error("a reader's files were written out of order");
    known.targets.insert(known.targets.end(), file.targets.begin(), file.targets.end());
    known.ids.resize(known.targets.size());
    auto& ids = known.ids;
    std::size_t begin = 0;
    for (const std::size_t end : file.batch_ends) {
        std::map<DumpMetric, std::vector<std::uint32_t>> fresh;  // per metric, targets in first-seen order
        for (std::size_t r = begin; r < end; ++r) {
            const DumpTrendRow& row = file.rows[r];
            std::int64_t& id = ids[row.target][static_cast<std::size_t>(row.metric) - 1];
            if (id != kUnresolved) continue;
            if (const auto found = seen.known(row.metric, target_key(known.targets[row.target]))) {
                id = *found;
                continue;
            }
            id = -1;  // new: written with the batch's targets below
            fresh[row.metric].push_back(row.target);
        }
        for (const auto& [metric, targets] : fresh) {
            for (const std::uint32_t t : targets) {
                const DumpTargetKey& target = known.targets[t];
                const std::int64_t id = db.add_target(target.name, 0, target.call);
                seen.add(metric, target_key(target), target.name, id);
                ids[t][static_cast<std::size_t>(metric) - 1] = id;
            }
        }
        for (std::size_t r = begin; r < end; ++r) {
            const DumpTrendRow& row = file.rows[r];
            trend_rows.add(
                {rank, start_step + row.micro_step, ids[row.target][static_cast<std::size_t>(row.metric) - 1],
                 static_cast<std::int64_t>(row.metric)},
                row.stats);
        }
        begin = end;
    }
}

}  // namespace

void import_dump_tree(const DumpTree& tree, const NameMapping& mapping, const DumpImportOptions& options,
                      const std::filesystem::path& path, const std::string& shown_name, ThreadPool& pool) {
    TrendDatabase db(path, shown_name);
    db.create_trend_table(std::vector<std::string>(kTrendStats.begin(), kTrendStats.end()));
    TrendRowRuns trend_rows = db.trend_row_runs();
    for (const auto name : kDumpMetricNames) db.add_metric(name);
    SeenTargets seen;

    std::int64_t start_step = 0;
    std::int64_t max_rank = 0;
    // Every file in msprobe's order; read a window at a time (as many files as the pool has threads) while
    // this thread writes the window before it, so a window is held twice at most. Each file of the next window is
    // a task of its own: the workers take them while this thread writes, and this thread reads what is left.
    struct FileAt {
        std::size_t step;
        const DumpRankFiles* rank;
    };
    std::vector<FileAt> order;
    for (std::size_t s = 0; s < tree.steps.size(); ++s) {
        for (const auto& rank : tree.steps[s].ranks) order.push_back({s, &rank});
    }
    const std::size_t window = pool.size();
    // Reader i reads the i-th file of every window, so what it keeps between files is its own.
    std::vector<DumpFileReader> readers;
    readers.reserve(window);
    for (std::size_t i = 0; i < window; ++i) readers.emplace_back(mapping, options.count_micro_steps);
    std::vector<ReaderTargets> reader_targets(window);
    const auto start_window = [&](std::size_t first, std::vector<DumpFileRows>& files) {
        files.assign(std::min(window, order.size() - first), DumpFileRows{});
        std::vector<ThreadPool::Task> tasks;
        for (std::size_t i = 0; i < files.size(); ++i) {
            tasks.push_back(pool.start([&, first, i] { files[i] = readers[i].read(*order[first + i].rank); }));
        }
        return tasks;
    };
    // Waits from the last task back: workers take tasks from the front, so this thread does the ones nobody has
    // begun. The first file's error, in order, is the one reported.
    const auto wait_for = [](std::vector<ThreadPool::Task>& tasks) {
        std::vector<std::exception_ptr> errors(tasks.size());
        for (std::size_t i = tasks.size(); i-- > 0;) {
            try {
                tasks[i].wait();
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
        for (const auto& error : errors) {
            if (error) std::rethrow_exception(error);
        }
    };
    std::size_t step_index = order.size();  // none yet
    std::vector<std::int64_t> micro_steps;
    const auto end_step = [&] {
        if (step_index == order.size() || !options.count_micro_steps) return;
        log::info(fmt::format("Step {} processing completed. Total micro steps identified: [{}]",
                              tree.steps[step_index].step, fmt::join(micro_steps, ", ")));
        start_step += *std::max_element(micro_steps.begin(), micro_steps.end());
    };
    std::vector<DumpFileRows> current, next;
    if (!order.empty()) {
        auto first_window = start_window(0, current);
        wait_for(first_window);
    }
    for (std::size_t first = 0; first < order.size(); first += window) {
        const std::size_t after = first + window;
        std::vector<ThreadPool::Task> ahead;
        if (after < order.size()) ahead = start_window(after, next);
        for (std::size_t i = 0; i < current.size(); ++i) {
            const FileAt& at = order[first + i];
            if (at.step != step_index) {
                trend_rows.end_run();  // a rank's files of one step make one run
                end_step();
                step_index = at.step;
                micro_steps.clear();
                if (!options.count_micro_steps) start_step = tree.steps[at.step].step;
            }
            const DumpRankFiles& rank = *at.rank;
            max_rank = std::max(max_rank, rank.rank);
            if (!current[i].has_data && options.count_micro_steps) {
                // msprobe fails here too (it cannot add the micro steps of a file without them).
                throw Error(rank.dump_json.string(), "has no \"data\" object: its micro steps cannot be counted");
            }
            write_file(db, trend_rows, seen, current[i], reader_targets[i], rank.rank, start_step);
            micro_steps.push_back(current[i].micro_steps);
        }
        if (after < order.size()) {
            wait_for(ahead);
            std::swap(current, next);
        }
    }
    end_step();
    std::vector<GlobalStat> stats{
        {"max_rank", max_rank},
        {"min_step", options.count_micro_steps ? std::int64_t{0} : tree.steps.front().step},
        {"max_step", options.count_micro_steps ? start_step - 1 : start_step},
    };
    for (const auto name : kDumpMetricNames) {
        stats.push_back({std::string(name), std::vector<std::string>(kTrendStats.begin(), kTrendStats.end())});
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
    db.finish(trend_rows);
}

}  // namespace msprobe::data2db
