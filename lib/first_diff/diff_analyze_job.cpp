#include "first_diff/diff_analyze_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <variant>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "compare/compare_request.hpp"
#include "compare/rank_dirs.hpp"
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
    if (npu_ranks.size() != bench_ranks.size()) {
        throw Error(bench_dir.string(), fmt::format("the number of ranks differs: npu has {}, bench has {}",
                                                    npu_ranks.size(), bench_ranks.size()));
    }
    std::vector<RankJob> jobs;
    for (std::size_t i = 0; i < npu_ranks.size(); ++i) {  // paired by position, as msprobe does
        RankJob job;
        job.rank_name = npu_ranks[i].filename().string();
        job.rank = rank_number(job.rank_name);
        job.dumps.npu_json = npu_ranks[i] / "dump.json";
        job.dumps.bench_json = bench_ranks[i] / "dump.json";
        const bool npu_has = fs::is_regular_file(job.dumps.npu_json);
        const bool bench_has = fs::is_regular_file(job.dumps.bench_json);
        if (!npu_has && !bench_has) {
            // A rank dumped on neither side is absent, not broken: msprobe skips it; we say so.
            log::warning(fmt::format("{}: no dump.json on either side; skipping {} comparison.",
                                     npu_ranks[i].string(), job.rank_name));
            continue;
        }
        for (const auto& p : {job.dumps.npu_json, job.dumps.bench_json}) {
            if (!fs::is_regular_file(p)) throw Error(p.string(), "no such file (every rank needs a dump.json)");
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
        if (p.filename() != "dump.json") throw Error(p.string(), "the first-difference analysis compares dump.json files");
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

// The compare.json flavours, as -da's refusal names them.
struct FlavourName {
    const char* operator()(const compare::DumpFilePair&) const { return "a dump file"; }
    const char* operator()(const compare::StepDirs&) const { return "a step directory"; }
    const char* operator()(const compare::PtdbgPklPair&) const { return "a ptdbg .pkl"; }
    const char* operator()(const compare::PtdbgRankDirs&) const { return "a ptdbg distributed (rankN .pkl)"; }
    const char* operator()(const compare::DispatchDirs&) const { return "an online-dispatch"; }
    const char* operator()(const compare::KernelDirs&) const { return "a kernel-level (rank_id)"; }
    const char* operator()(const compare::SinglePointDirs&) const { return "a static-graph single-point (common)"; }
};

std::vector<RankJob> rank_jobs_of(const DiffAnalyzeInput& input) {
    if (const auto* dirs = std::get_if<compare::StepDirs>(&input)) return rank_jobs_of_dirs(dirs->npu_dir, dirs->bench_dir);
    return {rank_job_of_files(std::get<compare::DumpFilePair>(input))};
}

bool is_directory_input(const fs::path& path) {
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!fs::exists(status)) throw Error(path.string(), "no such file or directory");
    if (!fs::is_directory(status) && !fs::is_regular_file(status)) throw Error(path.string(), "neither a file nor a directory");
    return fs::is_directory(status);
}

// Stages A to C over the rank pairs; every file staged until all succeeded.
DiffAnalyzeSummary analyse(const std::vector<RankJob>& jobs, const compare::CompareOptions& options, ThreadPool& pool) {
    report::check_output_dir(options.output_dir);

    // Stage A: each rank's result file, staged until everything succeeded.
    log::info("Start comparing data ......");
    const DiffCheckConfig check = DiffCheckConfig::builtin();
    report::StagedFiles staged;
    std::vector<std::optional<fs::path>> results(jobs.size());
    std::vector<fs::path> targets(jobs.size());
    pool.parallel_for(static_cast<std::int64_t>(jobs.size()), [&](std::int64_t i) {
        const RankJob& job = jobs[static_cast<std::size_t>(i)];
        const fs::path target =
            options.output_dir / fmt::format("compare_result_{}_{}.json", job.rank_name, local_timestamp());
        bool written = false;
        const fs::path temp = staged.stage(target, [&](const fs::path& file) {
            written = write_rank_result(job.dumps, check, file);
        });
        if (written) {
            results[static_cast<std::size_t>(i)] = temp;
            targets[static_cast<std::size_t>(i)] = target;
        } else {
            staged.discard(target);  // no row matched: this rank has no result file
        }
    });
    log::info("Pre Process completed.");

    // Stages B and C: this run's results only (never stale files of earlier runs).
    std::map<std::int64_t, fs::path> files;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (results[i]) files[jobs[i].rank] = *results[i];
    }
    const ResultReadOptions read_options{options.strict_compat};
    std::vector<RankOps> ranks;
    for (const auto& [rank, file] : files) ranks.push_back(read_rank_results(file, rank, read_options));
    const AnalysisResult analysis = find_first(ranks, AnalysisRules::first_diff());

    DiffAnalyzeSummary summary;
    for (const auto& job : jobs) summary.ranks.push_back({job.rank_name, job.rank});
    std::optional<fs::path> report_path;
    if (analysis.findings.empty()) {
        log::info("Cannot find any diff node, no need to generate analyze file.");
    } else {
        report_path = options.output_dir / fmt::format("diff_analyze_{}.json", epoch_nanoseconds());
        staged.stage(*report_path,
                     [&](const fs::path& file) { write_diff_report(analysis.findings, ranks, files, file); });
        summary.found = true;
    }
    summary.written = staged.commit();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (results[i]) {
            log::info(fmt::format("[{}]Saving json file to disk: {}", jobs[i].rank_name, staged.placed(targets[i]).string()));
        }
    }
    if (report_path) {
        summary.report = staged.placed(*report_path);
        log::info(fmt::format("The analyze result is saved in: {}", summary.report->string()));
    }
    return summary;
}

}  // namespace

DiffAnalyzeSummary run_compare_diff_analyze(const compare::CompareOptions& options, ThreadPool& pool) {
    log::info("Start finding first diff node......");
    const compare::CompareRequest request = compare::read_compare_request(options.input_path);
    if (const auto* dirs = std::get_if<compare::StepDirs>(&request)) return analyse(rank_jobs_of(*dirs), options, pool);
    if (const auto* files = std::get_if<compare::DumpFilePair>(&request)) {
        log::warning("two dump files: analysing the pair as a single rank.");
        return analyse(rank_jobs_of(*files), options, pool);
    }
    throw Error(options.input_path.string(),
                fmt::format("{} compare.json is not usable here", std::visit(FlavourName{}, request)));
}

DiffAnalyzeSummary run_diff_analyze(const DiffAnalyzeInput& input, const compare::CompareOptions& options,
                                    ThreadPool& pool) {
    log::info("Start finding first diff node......");
    return analyse(rank_jobs_of(input), options, pool);
}

DiffAnalyzeInput diff_analyze_input(const fs::path& npu, const fs::path& bench) {
    const bool npu_dir = is_directory_input(npu);
    if (is_directory_input(bench) != npu_dir) {
        throw Error(bench.string(), fmt::format("is a {} while {} is a {}: give two step directories or two dump.json "
                                                "files",
                                                npu_dir ? "file" : "directory", npu.string(),
                                                npu_dir ? "directory" : "file"));
    }
    if (npu_dir) return compare::StepDirs{npu, bench};
    return compare::DumpFilePair{npu, bench, std::nullopt};
}

}  // namespace msprobe::first_diff
