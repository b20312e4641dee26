#include "data2db/dump_import.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <deque>
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
    // Every file in msprobe's order.
    struct FileAt {
        std::size_t step;
        const DumpRankFiles* rank;
    };
    std::vector<FileAt> order;
    for (std::size_t s = 0; s < tree.steps.size(); ++s) {
        for (const auto& rank : tree.steps[s].ranks) order.push_back({s, &rank});
    }
    // Files are read ahead, two per thread, each a task; this thread writes them in order, and while the file it
    // writes next is being read, it reads the latest file nobody has begun. The rows of `ahead` files are held.
    const std::size_t ahead = 2 * std::size_t{pool.size()};
    // File f is read by reader f % ahead, so what a reader keeps between files is its own (no two of its files
    // are in flight at once).
    std::vector<DumpFileReader> readers;
    readers.reserve(ahead);
    for (std::size_t i = 0; i < ahead; ++i) readers.emplace_back(mapping, options.count_micro_steps);
    std::vector<ReaderTargets> reader_targets(ahead);
    std::vector<DumpFileRows> read(ahead);
    std::deque<ThreadPool::Task> reading;  // the files from the next to write on
    std::size_t started = 0;
    std::size_t step_index = order.size();  // none yet
    std::vector<std::int64_t> micro_steps;
    const auto end_step = [&] {
        if (step_index == order.size() || !options.count_micro_steps) return;
        log::info(fmt::format("Step {} processing completed. Total micro steps identified: [{}]",
                              tree.steps[step_index].step, fmt::join(micro_steps, ", ")));
        start_step += *std::max_element(micro_steps.begin(), micro_steps.end());
    };
    for (std::size_t f = 0; f < order.size(); ++f) {
        for (; started < order.size() && started < f + ahead; ++started) {
            const std::size_t slot = started % ahead;
            reading.push_back(
                pool.start([&, slot, file = started] { read[slot] = readers[slot].read(*order[file].rank); }));
        }
        for (std::size_t later = reading.size(); later-- > 1 && !reading.front().finished();) reading[later].run_here();
        reading.front().wait();  // the first file's error, in order, is the one reported
        reading.pop_front();
        const std::size_t slot = f % ahead;
        const DumpFileRows file = std::move(read[slot]);
        const FileAt& at = order[f];
        if (at.step != step_index) {
            trend_rows.end_run();  // a rank's files of one step make one run
            end_step();
            step_index = at.step;
            micro_steps.clear();
            if (!options.count_micro_steps) start_step = tree.steps[at.step].step;
        }
        const DumpRankFiles& rank = *at.rank;
        max_rank = std::max(max_rank, rank.rank);
        if (!file.has_data && options.count_micro_steps) {
            // msprobe fails here too (it cannot add the micro steps of a file without them).
            throw Error(rank.dump_json.string(), "has no \"data\" object: its micro steps cannot be counted");
        }
        write_file(db, trend_rows, seen, file, reader_targets[slot], rank.rank, start_step);
        micro_steps.push_back(file.micro_steps);
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
