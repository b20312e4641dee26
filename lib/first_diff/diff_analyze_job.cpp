#include "first_diff/diff_analyze_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <variant>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"
#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "compare_request/compare_request.hpp"
#include "rank_spread/rank_dirs.hpp"
#include "rank_spread/rank_plan.hpp"
#include "rank_spread/spread_ranks.hpp"
#include "dump/dump_layout.hpp"
#include "first_diff/analysis.hpp"
#include "first_diff/diff_report.hpp"
#include "first_diff/rank_result_writer.hpp"
#include "first_diff/rank_result_reader.hpp"
#include "report/output_file.hpp"

namespace msprobe::first_diff {

namespace {

namespace fs = std::filesystem;

struct RankJob {
    std::string rank_name;  // the NPU rank directory name: "rank", "rank3"
    std::int64_t rank = 0;
    RankDumpPair dumps;
};

bool is_rank_name(const std::string& name) {
    static const std::regex kRankName("^rank(?:0|[1-9][0-9]*)?$");
    return std::regex_match(name, kRankName);
}

std::int64_t rank_number(const std::string& rank_name) {
    return rank_name.size() > 4 ? std::stoll(rank_name.substr(4)) : 0;
}

std::vector<RankJob> rank_jobs_of_dirs(const fs::path& npu_dir, const fs::path& bench_dir) {
    const auto npu_ranks = compare::list_rank_dirs(npu_dir);
    const auto bench_ranks = compare::list_rank_dirs(bench_dir);
    if (npu_ranks.empty()) throw Error(npu_dir.string(), "holds no rank directory (rank, rank0, rank1, ...)");
    dump::require_same_rank_count(npu_ranks.size(), bench_ranks.size(), bench_dir);
    std::vector<RankJob> jobs;
    for (std::size_t i = 0; i < npu_ranks.size(); ++i) {  // paired by position, as msprobe does
        RankJob job;
        job.rank_name = npu_ranks[i].filename().string();
        job.rank = rank_number(job.rank_name);
        job.dumps.npu_json = npu_ranks[i] / "dump.json";
        job.dumps.bench_json = bench_ranks[i] / "dump.json";
        const bool npu_has = input_path_present(job.dumps.npu_json);
        const bool bench_has = input_path_present(job.dumps.bench_json);
        if (!npu_has && !bench_has) {
            // A rank dumped on neither side is absent, not broken: msprobe skips it; we say so.
            log::warning(fmt::format("{}: no dump.json on either side; skipping {} comparison.",
                                     npu_ranks[i].string(), job.rank_name));
            continue;
        }
        for (const auto& p : {job.dumps.npu_json, job.dumps.bench_json}) {
            if (!input_path_present(p)) throw Error(p.string(), "no such file (every rank needs a dump.json)");
        }
        if (fs::exists(npu_ranks[i] / "stack.json")) job.dumps.stack_json = npu_ranks[i] / "stack.json";
        jobs.push_back(std::move(job));
    }
    if (jobs.empty()) {
        throw Error(npu_dir.string(), fmt::format("nothing to analyse with {}: no rank directory holds a dump.json on "
                                                  "both sides",
                                                  bench_dir.string()));
    }
    return jobs;
}

// Two dump files: msprobe ignores -da there; we analyse the pair as one rank.
RankJob rank_job_of_files(const compare::DumpFilePair& config) {
    for (const auto& p : {config.npu_json, config.bench_json}) {
        if (p.filename() != "dump.json")
            throw Error(p.string(), "the first-difference analysis compares dump.json files");
    }
    RankJob job;
    const std::string parent = config.npu_json.parent_path().filename().string();
    job.rank_name = is_rank_name(parent) ? parent : "rank";
    job.rank = rank_number(job.rank_name);
    job.dumps.npu_json = config.npu_json;
    job.dumps.bench_json = config.bench_json;
    const fs::path beside = config.npu_json.parent_path() / "stack.json";
    if (config.stack_json) {
        job.dumps.stack_json = config.stack_json;
    } else if (fs::exists(beside)) {
        job.dumps.stack_json = beside;
    }
    return job;
}

// August's rank pairs, by position. The first NPU rank folder names the file
// compared in every pair (dump.json, else debug.json); a pair missing it on
// either side is skipped. No rank folder (a proc layout too) or no such file:
// no pair, and the analysis finds nothing.
std::vector<RankJob> positional_rank_jobs(const fs::path& npu_dir, const fs::path& bench_dir) {
    // August passes over entries that are no rank folder.
    const auto npu_ranks = compare::list_rank_dirs(npu_dir, compare::OtherEntries::Ignore);
    const auto bench_ranks = compare::list_rank_dirs(bench_dir, compare::OtherEntries::Ignore);
    dump::require_same_rank_count(npu_ranks.size(), bench_ranks.size(), bench_dir);
    std::vector<RankJob> jobs;
    if (npu_ranks.empty()) return jobs;
    const char* file_name = input_path_present(npu_ranks.front() / "dump.json") ? "dump.json" : "debug.json";
    for (std::size_t i = 0; i < npu_ranks.size(); ++i) {
        RankJob job;
        job.rank_name = npu_ranks[i].filename().string();
        job.rank = rank_number(job.rank_name);
        job.dumps.npu_json = npu_ranks[i] / file_name;
        job.dumps.bench_json = bench_ranks[i] / file_name;
        const bool npu_has = input_path_present(job.dumps.npu_json);
        if (!npu_has || !input_path_present(job.dumps.bench_json)) {
            const fs::path& dir = npu_has ? bench_ranks[i] : npu_ranks[i];
            log::warning(fmt::format("{} is not found in dump dir {}.", file_name, dir.string()));
            continue;
        }
        if (fs::exists(npu_ranks[i] / "stack.json")) job.dumps.stack_json = npu_ranks[i] / "stack.json";
        jobs.push_back(std::move(job));
    }
    return jobs;
}

// The compare.json flavours, as -da's refusal names them.
struct FlavourName {
    const char* operator()(const compare::DumpFilePair&) const { return "a dump file"; }
    const char* operator()(const compare::StepDirs&) const { return "a step directory"; }
    const char* operator()(const compare::PtdbgPklPair&) const { return "a ptdbg .pkl"; }
    const char* operator()(const compare::PtdbgRankDirs&) const { return "a ptdbg distributed (rankN .pkl)"; }
    const char* operator()(const compare::DispatchDirs&) const { return "an online-dispatch"; }
    const char* operator()(const compare::KernelDirs&) const { return "a kernel-level (rank_id)"; }
    const char* operator()(const compare::SinglePointDirs&) const { return "a static-graph single-point (common)"; }
    const char* operator()(const compare::MixedHalvesDirs&) const { return "a jit-mixed (graph/ and pynative/)"; }
};

// One step's rank pairs and, once staged, where its files go.
struct StepRun {
    std::string step;  // "" unless the step of a dump root
    fs::path out_dir;
    std::vector<RankJob> jobs;
    std::vector<std::optional<fs::path>> results;  // per job: the staged result, none when no row matched
    std::vector<fs::path> targets;                 // per job: the result's name
    std::optional<fs::path> report;                // the analysis file's name, when something differs
};

bool is_step_name(const std::string& name) {
    static const std::regex kStepName("^step(?:0|[1-9][0-9]{0,9})$");  // a number that fits
    return std::regex_match(name, kStepName);
}

// The step folders of a dump root in step order; empty when it has none.
std::vector<fs::path> step_dirs(const fs::path& root) {
    std::vector<std::pair<long long, fs::path>> steps;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(root, ec)) {
        const std::string name = entry.path().filename().string();
        if (is_step_name(name) && entry.is_directory(ec)) {
            steps.emplace_back(std::stoll(name.substr(4)), entry.path());
        }
    }
    if (ec) throw Error(root.string(), fmt::format("cannot list: {}", ec.message()));
    std::sort(steps.begin(), steps.end());
    std::vector<fs::path> out;
    for (auto& s : steps) out.push_back(std::move(s.second));
    return out;
}

std::vector<StepRun> step_runs_of_roots(const DumpRootDirs& roots, const fs::path& output_dir) {
    std::vector<StepRun> runs;
    for (const auto& npu_step : step_dirs(roots.npu_dir)) {
        const std::string step = npu_step.filename().string();
        const fs::path bench_step = roots.bench_dir / step;
        if (!fs::is_directory(bench_step)) {
            log::warning(fmt::format("{}: no such step directory; skipping {}.", bench_step.string(), step));
            continue;
        }
        runs.push_back({step, output_dir / step, rank_jobs_of_dirs(npu_step, bench_step), {}, {}, {}});
    }
    if (runs.empty()) {
        throw Error(roots.npu_dir.string(),
                    fmt::format("no step directory (step0, step1, ...) is on both sides (the other: {})",
                                roots.bench_dir.string()));
    }
    return runs;
}

std::vector<StepRun> step_runs_of(const DiffAnalyzeInput& input, const fs::path& output_dir) {
    if (const auto* roots = std::get_if<DumpRootDirs>(&input)) return step_runs_of_roots(*roots, output_dir);
    if (const auto* dirs = std::get_if<compare::StepDirs>(&input)) {
        return {{"", output_dir, rank_jobs_of_dirs(dirs->npu_dir, dirs->bench_dir), {}, {}, {}}};
    }
    return {{"", output_dir, {rank_job_of_files(std::get<compare::DumpFilePair>(input))}, {}, {}, {}}};
}

bool is_directory_input(const fs::path& path) {
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!fs::exists(status)) throw Error(path.string(), "no such file or directory");
    if (!fs::is_directory(status) && !fs::is_regular_file(status))
        throw Error(path.string(), "neither a file nor a directory");
    return fs::is_directory(status);
}

// Stage A of one step into `staged`: the per-rank result files of the ranks this process owns, counted on a
// progress line of the terminal with `show_progress`.
void stage_rank_results(StepRun& run, RankTableStyle style, const std::string& stamp, ThreadPool& pool,
                        ProcessGroup& processes, report::StagedFiles& staged, bool show_progress) {
    report::check_output_dir(run.out_dir);
    log::info("Start comparing data ......");
    const DiffCheckConfig check = DiffCheckConfig::builtin();
    const auto& jobs = run.jobs;
    run.results.assign(jobs.size(), std::nullopt);
    run.targets.assign(jobs.size(), fs::path());
    const auto job_bytes = [&jobs](std::size_t i) {
        const auto& dumps = jobs[i].dumps;
        return compare::bytes_to_read({dumps.npu_json, dumps.bench_json, dumps.stack_json.value_or(fs::path())}, {});
    };
    const auto mine = compare::ranks_of_process(jobs.size(), job_bytes, processes.size(), processes.index());
    Progress progress("Comparing ranks", static_cast<std::int64_t>(mine.size()), show_progress, "ranks");
    pool.parallel_for(static_cast<std::int64_t>(mine.size()), [&](std::int64_t k) {
        const std::size_t i = mine[static_cast<std::size_t>(k)];
        const RankJob& job = jobs[i];
        const fs::path target = run.out_dir / fmt::format("compare_result_{}_{}.json", job.rank_name, stamp);
        bool written = false;
        const fs::path temp = staged.stage(target, [&](const fs::path& file) {
            written = write_rank_result(job.dumps, check, file, style, &pool);
        });
        if (written) {
            run.results[i] = temp;
            run.targets[i] = target;
        } else {
            staged.discard(target);  // no row matched: this rank has no result file
        }
        progress.advance();
    });
    log::info("Pre Process completed.");
}

// Collective: process 0 learns, for every rank of the step, the path
// `path_of` gives on the process that compared it; the others keep their own.
void share_rank_paths(StepRun& run, ProcessGroup& processes,
                      const std::function<std::optional<fs::path>(std::size_t)>& path_of,
                      const std::function<void(std::size_t, const fs::path&)>& learn) {
    std::vector<std::pair<std::size_t, nlohmann::json>> mine;
    for (std::size_t i = 0; i < run.jobs.size(); ++i) {
        if (const auto path = path_of(i)) mine.emplace_back(i, path->string());
    }
    const auto gathered = compare::gather_ranks(processes, run.jobs.size(), mine, {}, {});
    for (std::size_t i = 0; i < run.jobs.size(); ++i) {
        if (gathered.results[i]) learn(i, gathered.results[i]->get<std::string>());
    }
}

// Stages B and C of one step: the analysis file, when something differs, from
// this run's results only (never stale files of earlier runs).
void stage_analysis(StepRun& run, const compare::CompareOptions& options, RankTableStyle style,
                    report::StagedFiles& staged) {
    const auto& jobs = run.jobs;
    std::map<std::int64_t, fs::path> files;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (run.results[i]) files[jobs[i].rank] = *run.results[i];
    }
    const ResultReadOptions read_options{options.strict_compat, style == RankTableStyle::OccurrenceKeyed
                                                                    ? &diff_key_rules_keeping_grads()
                                                                    : &diff_key_rules()};
    std::vector<RankOps> ranks;
    for (const auto& [rank, file] : files) ranks.push_back(read_rank_results(file, rank, read_options));
    const AnalysisResult analysis = find_first(ranks, AnalysisRules::first_diff());
    if (analysis.findings.empty()) {
        log::info("Cannot find any diff node, no need to generate analyze file.");
        return;
    }
    run.report = run.out_dir / fmt::format("diff_analyze_{}.json", epoch_nanoseconds());
    staged.stage(*run.report, [&](const fs::path& file) { write_diff_report(analysis.findings, ranks, files, file); });
}

// A committed step: the files under the names they were placed at (`placed`: by target).
DiffAnalyzeSummary placed_summary(const StepRun& run, const std::function<fs::path(const fs::path&)>& placed) {
    DiffAnalyzeSummary summary;
    summary.step = run.step;
    for (std::size_t i = 0; i < run.jobs.size(); ++i) {
        summary.ranks.push_back({run.jobs[i].rank_name, run.jobs[i].rank});
        if (!run.results[i]) continue;
        summary.written.push_back(placed(run.targets[i]));
        log::info(
            fmt::format("[{}]Saving json file to disk: {}", run.jobs[i].rank_name, summary.written.back().string()));
    }
    if (run.report) {
        summary.found = true;
        summary.report = placed(*run.report);
        summary.written.push_back(*summary.report);
        log::info(fmt::format("The analyze result is saved in: {}", summary.report->string()));
    }
    return summary;
}

// Every step staged, then all files placed at once. Spread over processes:
// each stages its share of a step's ranks (stage A); process 0 reads every
// rank's staged result for the step's analysis (stages B, C) while the others
// wait; the files are placed only once every process has succeeded, and
// process 0's summaries name them all (the others' only their own).
std::vector<DiffAnalyzeSummary> analyse(std::vector<StepRun> runs, const compare::CompareOptions& options,
                                        ThreadPool& pool, ProcessGroup& processes,
                                        RankTableStyle style = RankTableStyle::ShapeJoined) {
    report::StagedFiles staged;
    const std::string stamp = processes.broadcast_from_first(local_timestamp());
    const std::string output = options.output_dir.string();
    for (auto& run : runs) {
        run_on_every_process(processes, output, [&] {
            stage_rank_results(run, style, stamp, pool, processes, staged, options.show_progress);
        });
        share_rank_paths(
            run, processes, [&](std::size_t i) { return run.results[i]; },
            [&](std::size_t i, const fs::path& temp) { run.results[i] = temp; });
        share_rank_paths(
            run, processes,
            [&](std::size_t i) { return run.results[i] ? std::optional<fs::path>(run.targets[i]) : std::nullopt; },
            [&](std::size_t i, const fs::path& target) { run.targets[i] = target; });
        run_on_every_process(processes, output, [&] {
            if (processes.is_first()) stage_analysis(run, options, style, staged);
        });
    }
    std::vector<std::map<fs::path, fs::path>> placed(runs.size());  // per step, by target, wherever it was staged
    local_then_collective([&] { staged.commit(); },
                          [&] {
                              for (std::size_t r = 0; r < runs.size(); ++r) {
                                  const StepRun& run = runs[r];
                                  share_rank_paths(
                                      runs[r], processes,
                                      [&](std::size_t i) {
                                          return run.results[i] ? std::optional<fs::path>(staged.placed(run.targets[i]))
                                                                : std::nullopt;
                                      },
                                      [&](std::size_t i, const fs::path& where) { placed[r][run.targets[i]] = where; });
                              }
                          });
    std::vector<DiffAnalyzeSummary> summaries;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        summaries.push_back(placed_summary(runs[r], [&](const fs::path& target) {
            const auto found = placed[r].find(target);
            return found != placed[r].end() ? found->second : staged.placed(target);
        }));
    }
    return summaries;
}

}  // namespace

std::vector<DiffAnalyzeSummary> run_compare_diff_analyze(const compare::CompareOptions& options, ThreadPool& pool,
                                                         ProcessGroup& processes) {
    log::info("Start finding first diff node......");
    auto runs = prepared_on_every_process(processes, options.output_dir.string(), [&] {
        const compare::CompareRequest request = compare::read_compare_request(options.input_path);
        if (const auto* dirs = std::get_if<compare::StepDirs>(&request)) return step_runs_of(*dirs, options.output_dir);
        if (const auto* files = std::get_if<compare::DumpFilePair>(&request)) {
            log::warning("two dump files: analysing the pair as a single rank.");
            return step_runs_of(*files, options.output_dir);
        }
        if (const auto* mixed = std::get_if<compare::MixedHalvesDirs>(&request)) {
            // msprobe's mix compare: each step of each half analysed into <output>/<half>/<step>.
            std::vector<StepRun> halves;
            for (const auto& step : mixed->steps) {
                halves.push_back({step.output_subdir.generic_string(), options.output_dir / step.output_subdir,
                                  rank_jobs_of_dirs(step.dirs.npu_dir, step.dirs.bench_dir), {}, {}, {}});
            }
            return halves;
        }
        throw Error(options.input_path.string(),
                    fmt::format("{} compare.json is not usable here", std::visit(FlavourName{}, request)));
    });
    return analyse(std::move(runs), options, pool, processes);
}

std::vector<DiffAnalyzeSummary> run_diff_analyze(const DiffAnalyzeInput& input, const compare::CompareOptions& options,
                                                 ThreadPool& pool, ProcessGroup& processes) {
    log::info("Start finding first diff node......");
    auto runs = prepared_on_every_process(processes, options.output_dir.string(),
                                          [&] { return step_runs_of(input, options.output_dir); });
    return analyse(std::move(runs), options, pool, processes);
}

DiffAnalyzeSummary run_positional_diff_analyze(const fs::path& npu_step, const fs::path& bench_step,
                                           const compare::CompareOptions& options, ThreadPool& pool,
                                           ProcessGroup& processes) {
    log::info("Start finding first diff node......");
    const fs::path& output_dir = options.output_dir;
    std::vector<StepRun> runs{{"", output_dir,
                               prepared_on_every_process(processes, output_dir.string(),
                                                         [&] { return positional_rank_jobs(npu_step, bench_step); }),
                               {}, {}, {}}};
    return analyse(std::move(runs), options, pool, processes, RankTableStyle::OccurrenceKeyed).front();
}

DiffAnalyzeInput diff_analyze_input(const fs::path& npu, const fs::path& bench) {
    const bool npu_dir = is_directory_input(npu);
    if (is_directory_input(bench) != npu_dir) {
        throw Error(bench.string(), fmt::format("is a {} while {} is a {}: give two step directories or two dump.json "
                                                "files",
                                                npu_dir ? "file" : "directory", npu.string(),
                                                npu_dir ? "directory" : "file"));
    }
    if (npu_dir && !step_dirs(npu).empty()) return DumpRootDirs{npu, bench};
    if (npu_dir) return compare::StepDirs{npu, bench};
    return compare::DumpFilePair{npu, bench, std::nullopt};
}

}  // namespace msprobe::first_diff
