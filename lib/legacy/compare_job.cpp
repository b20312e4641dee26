#include "legacy/compare_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/timestamps.hpp"
#include "rank_spread/committed_ranks.hpp"
#include "compare/committed_results.hpp"
#include "rank_spread/parallel_ranks.hpp"
#include "rank_spread/rank_plan.hpp"
#include "rank_spread/spread_ranks.hpp"
#include "dump/dump_layout.hpp"
#include "legacy/compare_table.hpp"
#include "legacy/dispatch_folder.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"

namespace msprobe::legacy {

namespace fs = std::filesystem;

namespace {

// compare_distributed's rank folders: only rankN entries, sorted as strings.
std::vector<fs::path> ptdbg_rank_dirs(const fs::path& dir) {
    static const std::regex kRank("^rank[0-9]+$");
    std::vector<fs::path> ranks;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (!std::regex_match(name, kRank) || !entry.is_directory()) {
            throw Error(dir.string(),
                        fmt::format("contains '{}', which is not a rank folder (rank0, rank1, ...)", name));
        }
        ranks.push_back(entry.path());
    }
    std::sort(ranks.begin(), ranks.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
    return ranks;
}

// A rank folder's pkl file and the npy folder named after it.
std::pair<fs::path, fs::path> rank_pkl_and_data(const fs::path& rank_dir) {
    std::vector<fs::path> entries;
    for (const auto& entry : fs::directory_iterator(rank_dir)) entries.push_back(entry.path());
    std::sort(entries.begin(), entries.end());
    std::optional<fs::path> pkl;
    for (const auto& p : entries) {
        if (p.extension() == ".pkl" && fs::is_regular_file(p)) pkl = p;
    }
    if (!pkl) throw Error(rank_dir.string(), "holds no .pkl dump file");
    const fs::path data = rank_dir / pkl->stem();
    if (!fs::is_directory(data)) {
        throw Error(rank_dir.string(), fmt::format("holds no npy folder {} beside {}", data.filename().string(),
                                                   pkl->filename().string()));
    }
    return {*pkl, data};
}

class LegacyRunner {
public:
    // `stamp`: the timestamp of every file name of the run (one value on every process).
    LegacyRunner(const compare::CompareOptions& options, ThreadPool& pool, std::string stamp)
        : options_(options), pool_(pool), stamp_(std::move(stamp)) {}

    void add_pair(compare::PairOutcome outcome) { summary_.pairs.push_back(std::move(outcome)); }

    // Called from several threads at once for the ranks of compare_distributed.
    compare::PairOutcome compare_ptdbg(const PtdbgInput& input, const std::string& suffix) {
        const fs::path result_path = options_.output_dir / fmt::format("compare_result{}_{}.csv", suffix, stamp_);
        const report::Table table = ptdbg_table(input, pool_);
        compare::PairOutcome outcome = outcome_of(suffix.empty() ? suffix : suffix.substr(1), table);
        try {
            stage(result_path, table, outcome);
            if (!options_.compare_only) {
                const fs::path advisor_path =
                    options_.output_dir / fmt::format("advisor{}_{}.txt", suffix, stamp_);
                compare::stage_advice_file(legacy_advise(table), advisor_path, staged_);
                outcome.written.push_back(advisor_path);
            }
        } catch (const Error& e) {
            for (const auto& file : outcome.written) staged_.discard(file);
            throw compare::RunStopped(e);  // a result could not be written: nothing of the run appears
        } catch (...) {
            for (const auto& file : outcome.written) staged_.discard(file);
            throw;
        }
        return outcome;
    }

    // The rank folders this process owns (all of them for a single process);
    // their outcomes wait in rank_outcomes_ for commit_spread().
    void compare_distributed(const fs::path& npu_dir, const fs::path& bench_dir, ProcessGroup& processes) {
        const auto npu_ranks = ptdbg_rank_dirs(npu_dir);
        const auto bench_ranks = ptdbg_rank_dirs(bench_dir);
        dump::require_same_rank_count(npu_ranks.size(), bench_ranks.size(), bench_dir);
        std::vector<std::string> labels;
        for (std::size_t i = 0; i < npu_ranks.size(); ++i) {
            labels.push_back(npu_ranks[i].filename().string() + "-" + bench_ranks[i].filename().string());
        }
        const auto rank_bytes = [&](std::size_t i) {
            return compare::bytes_to_read({}, {npu_ranks[i], bench_ranks[i]});
        };
        rank_outcomes_.assign(labels.size(), std::nullopt);
        skipped_ranks_ = compare::compare_process_ranks(
            processes, labels.size(), rank_bytes, pool_,
            [&](std::size_t i) {
                const auto [npu_pkl, npu_data] = rank_pkl_and_data(npu_ranks[i]);
                const auto [bench_pkl, bench_data] = rank_pkl_and_data(bench_ranks[i]);
                rank_outcomes_[i] =
                    compare_ptdbg({npu_pkl, bench_pkl, npu_data, bench_data, options_.stack_mode}, "_" + labels[i]);
            },
            [&](std::size_t i) { return labels[i]; });
    }

    // Commits this process's ranks; process 0's summary then holds them all.
    compare::CompareSummary commit_spread(ProcessGroup& processes) {
        compare::commit_spread_ranks(processes, staged_, rank_outcomes_, skipped_ranks_, summary_);
        return summary_;
    }

    void compare_dispatch(const fs::path& npu_dir, const fs::path& cpu_dir) {
        const legacy::DispatchRun run = legacy::read_dispatch_run(npu_dir, cpu_dir);
        const std::string rank = run.rank ? fmt::format("_rank{}", *run.rank) : std::string();
        const fs::path result_path = options_.output_dir / fmt::format("compare_result{}_{}.csv", rank, stamp_);
        const report::Table table = dispatch_table(run, pool_);
        compare::PairOutcome outcome = outcome_of(rank.empty() ? rank : rank.substr(1), table);
        stage(result_path, table, outcome);
        add_pair(std::move(outcome));
        const std::size_t accuracy = column_of(table, "Accuracy Reached or Not");
        for (const auto& row : table.rows) {
            if (row[accuracy] == report::Cell("No")) {
                log::warning(fmt::format("{} Failed, Cosine={}, MaxAbsErr={}", row[0].text(), row[12].text(),
                                         row[13].text()));
            }
        }
    }

    // Moves every staged result into place; the summary then names where they went.
    compare::CompareSummary commit() {
        compare::commit_results(staged_, summary_);
        return summary_;
    }

private:
    static std::size_t column_of(const report::Table& table, const char* name) {
        return static_cast<std::size_t>(std::find(table.header.begin(), table.header.end(), name) -
                                        table.header.begin());
    }

    // The legacy tools judge a row by one column: "No" is an error, anything else passes.
    static compare::PairOutcome outcome_of(std::string label, const report::Table& table) {
        compare::PairOutcome outcome;
        outcome.label = std::move(label);
        outcome.rows = table.rows.size();
        const std::size_t accuracy = column_of(table, "Accuracy Reached or Not");
        for (const auto& row : table.rows) {
            if (!(row[accuracy] == report::Cell("No"))) continue;
            ++outcome.errors;
            if (!outcome.first_problem) {
                const std::string name(row[0].is_text() ? row[0].text() : std::string_view());
                outcome.first_problem =
                    compare::FirstProblem{name, compare::RowLevel::Error, {"Accuracy Reached or Not: No"}, ""};
            }
        }
        outcome.passed = outcome.rows - outcome.errors;
        return outcome;
    }

    void stage(const fs::path& result_path, const report::Table& table, compare::PairOutcome& outcome) {
        staged_.stage(result_path, [&](const fs::path& temp) {
            report::write_csv(table, report::CellRendering::Plain, temp,
                              {.formulas = report::formula_cells(options_.strict_compat)});
        });
        outcome.written.push_back(result_path);
    }

    const compare::CompareOptions& options_;
    ThreadPool& pool_;
    const std::string stamp_;
    std::vector<std::optional<compare::PairOutcome>> rank_outcomes_;  // rank folders: by rank, this process's
    std::vector<std::size_t> skipped_ranks_;
    report::StagedFiles staged_;
    compare::CompareSummary summary_;
};

}  // namespace

compare::CompareSummary run_ptdbg_compare(const compare::PtdbgPklPair& pair, const compare::CompareOptions& options,
                                          ThreadPool& pool) {
    report::check_output_dir(options.output_dir);
    LegacyRunner runner(options, pool, local_timestamp());
    runner.add_pair(runner.compare_ptdbg(
        {pair.npu_pkl, pair.bench_pkl, pair.npu_data_dir, pair.bench_data_dir, options.stack_mode}, ""));
    return runner.commit();
}

compare::CompareSummary run_ptdbg_ranks_compare(const compare::PtdbgRankDirs& dirs,
                                                const compare::CompareOptions& options, ThreadPool& pool,
                                                ProcessGroup& processes) {
    run_on_every_process(processes, options.output_dir.string(), [&] { report::check_output_dir(options.output_dir); });
    LegacyRunner runner(options, pool, processes.broadcast_from_first(local_timestamp()));
    // Nothing is committed until every process has staged all of its ranks.
    run_on_every_process(processes, options.output_dir.string(),
                         [&] { runner.compare_distributed(dirs.npu_dir, dirs.bench_dir, processes); });
    return runner.commit_spread(processes);
}

compare::CompareSummary run_dispatch_compare(const compare::DispatchDirs& dirs, const compare::CompareOptions& options,
                                             ThreadPool& pool) {
    report::check_output_dir(options.output_dir);
    LegacyRunner runner(options, pool, local_timestamp());
    runner.compare_dispatch(dirs.npu_dir, dirs.cpu_dir);
    return runner.commit();
}

}  // namespace msprobe::legacy
