#include "compare/legacy_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/timestamps.hpp"
#include "compare/committed_results.hpp"
#include "dump/json_tree.hpp"
#include "compare/compare_json.hpp"
#include "compare/legacy_table.hpp"
#include "legacy/dispatch_folder.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

// compare.json paths: relative to the working directory, else to the compare.json.
fs::path configured_path(const nlohmann::json& config, const char* key, const fs::path& config_file) {
    const auto it = config.find(key);
    if (it == config.end() || !it->is_string() || it->get<std::string>().empty()) {
        throw Error(config_file.string(), fmt::format("missing {} in the configuration file", key));
    }
    return resolve_config_path(it->get<std::string>(), config_file);
}

std::optional<nlohmann::json> load_config(const fs::path& path) {
    try {
        auto config = dump::load_json_tree(path);
        if (config.is_object()) return config;
    } catch (const Error&) {
    }
    return std::nullopt;  // the ordinary compare reports what is wrong with it
}

bool has_pkl_file(const fs::path& dir) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".pkl" && entry.is_regular_file()) return true;
    }
    return false;
}

// compare_distributed's rank folders: only rankN entries, sorted as strings.
std::vector<fs::path> ptdbg_rank_dirs(const fs::path& dir) {
    static const std::regex kRank("^rank[0-9]+$");
    std::vector<fs::path> ranks;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (!std::regex_match(name, kRank) || !entry.is_directory()) {
            throw Error(dir.string(), fmt::format("contains '{}', which is not a rank folder (rank0, rank1, ...)", name));
        }
        ranks.push_back(entry.path());
    }
    std::sort(ranks.begin(), ranks.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
    return ranks;
}

bool is_ptdbg_distributed(const fs::path& dir) {
    static const std::regex kRank("^rank[0-9]+$");
    std::error_code ec;
    bool any = false;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!std::regex_match(entry.path().filename().string(), kRank)) return false;
        if (!any && entry.is_directory() && has_pkl_file(entry.path())) any = true;
    }
    return any;
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
    explicit LegacyRunner(const CompareOptions& options)
        : options_(options), pool_(options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency())) {}

    void compare_ptdbg(const PtdbgInput& input, const std::string& suffix) {
        const fs::path result_path = options_.output_dir / fmt::format("compare_result{}_{}.csv", suffix, local_timestamp());
        const report::Table table = ptdbg_table(input, pool_);
        PairOutcome outcome = outcome_of(suffix.empty() ? suffix : suffix.substr(1), table);
        try {
            stage(result_path, table, outcome);
            if (!options_.compare_only) {
                const fs::path advisor_path =
                    options_.output_dir / fmt::format("advisor{}_{}.txt", suffix, local_timestamp());
                stage_advice_file(legacy_advise(table), advisor_path, staged_);
                outcome.written.push_back(advisor_path);
            }
        } catch (...) {
            for (const auto& file : outcome.written) staged_.discard(file);
            throw;
        }
        summary_.pairs.push_back(std::move(outcome));
    }

    void compare_distributed(const fs::path& npu_dir, const fs::path& bench_dir) {
        const auto npu_ranks = ptdbg_rank_dirs(npu_dir);
        const auto bench_ranks = ptdbg_rank_dirs(bench_dir);
        if (npu_ranks.size() != bench_ranks.size()) {
            throw Error(bench_dir.string(), fmt::format("the number of ranks differs: npu has {}, bench has {}",
                                                        npu_ranks.size(), bench_ranks.size()));
        }
        for (std::size_t i = 0; i < npu_ranks.size(); ++i) {
            const std::string suffix = fmt::format("_{}-{}", npu_ranks[i].filename().string(),
                                                   bench_ranks[i].filename().string());
            try {
                const auto [npu_pkl, npu_data] = rank_pkl_and_data(npu_ranks[i]);
                const auto [bench_pkl, bench_data] = rank_pkl_and_data(bench_ranks[i]);
                compare_ptdbg({npu_pkl, bench_pkl, npu_data, bench_data, options_.stack_mode}, suffix);
            } catch (const Error& e) {
                if (staged_.failed()) throw;  // a result could not be written: nothing of the run appears
                // One unusable rank must not hide the others' results; the run still fails.
                log::error(fmt::format("{} Skipping {} comparison.", e.what(), suffix.substr(1)));
                ++summary_.failed_ranks;
            }
        }
    }

    void compare_dispatch(const fs::path& npu_dir, const fs::path& cpu_dir) {
        const legacy::DispatchRun run = legacy::read_dispatch_run(npu_dir, cpu_dir);
        const std::string rank = run.rank ? fmt::format("_rank{}", *run.rank) : std::string();
        const fs::path result_path = options_.output_dir / fmt::format("compare_result{}_{}.csv", rank, local_timestamp());
        const report::Table table = dispatch_table(run, pool_);
        PairOutcome outcome = outcome_of(rank.empty() ? rank : rank.substr(1), table);
        stage(result_path, table, outcome);
        summary_.pairs.push_back(std::move(outcome));
        const std::size_t accuracy = column_of(table, "Accuracy Reached or Not");
        for (const auto& row : table.rows) {
            if (row[accuracy] == report::Cell("No")) {
                log::warning(fmt::format("{} Failed, Cosine={}, MaxAbsErr={}", row[0].text(), row[12].text(),
                                         row[13].text()));
            }
        }
    }

    // Moves every staged result into place; the summary then names where they went.
    CompareSummary commit() {
        commit_results(staged_, summary_);
        return summary_;
    }

private:
    static std::size_t column_of(const report::Table& table, const char* name) {
        return static_cast<std::size_t>(std::find(table.header.begin(), table.header.end(), name) - table.header.begin());
    }

    // The legacy tools judge a row by one column: "No" is an error, anything else passes.
    static PairOutcome outcome_of(std::string label, const report::Table& table) {
        PairOutcome outcome;
        outcome.label = std::move(label);
        outcome.rows = table.rows.size();
        const std::size_t accuracy = column_of(table, "Accuracy Reached or Not");
        for (const auto& row : table.rows) {
            if (!(row[accuracy] == report::Cell("No"))) continue;
            ++outcome.errors;
            if (!outcome.first_problem) {
                outcome.first_problem =
                    FirstProblem{row[0].is_text() ? row[0].text() : "", RowLevel::Error, {"Accuracy Reached or Not: No"}, ""};
            }
        }
        outcome.passed = outcome.rows - outcome.errors;
        return outcome;
    }

    void stage(const fs::path& result_path, const report::Table& table, PairOutcome& outcome) {
        staged_.stage(result_path, [&](const fs::path& temp) {
            report::write_csv(table, report::CellRendering::Plain, temp);
        });
        outcome.written.push_back(result_path);
    }

    const CompareOptions& options_;
    ThreadPool pool_;
    report::StagedFiles staged_;
    CompareSummary summary_;
};

void check_print_log_flag(const nlohmann::json& config, const fs::path& path) {
    if (auto it = config.find("is_print_compare_log"); it != config.end() && !it->is_boolean()) {
        throw Error(path.string(), "is_print_compare_log must be true or false");
    }
}

}  // namespace

std::optional<CompareSummary> run_legacy_compare(const CompareOptions& options) {
    const auto config = load_config(options.input_path);
    if (!config) return std::nullopt;
    const fs::path& json = options.input_path;

    if (config->contains("npu_pkl_path")) {
        check_print_log_flag(*config, json);
        PtdbgInput input{configured_path(*config, "npu_pkl_path", json), configured_path(*config, "bench_pkl_path", json),
                         configured_path(*config, "npu_dump_data_dir", json),
                         configured_path(*config, "bench_dump_data_dir", json), options.stack_mode};
        for (const auto& p : {input.npu_pkl, input.bench_pkl}) {
            if (!fs::is_regular_file(p)) throw Error(p.string(), "no such pkl file");
        }
        report::check_output_dir(options.output_dir);
        LegacyRunner runner(options);
        runner.compare_ptdbg(input, "");
        return runner.commit();
    }

    if (!config->contains("npu_path") || !config->contains("bench_path")) return std::nullopt;
    const fs::path npu = configured_path(*config, "npu_path", json);
    const fs::path bench = configured_path(*config, "bench_path", json);
    if (!fs::is_directory(npu) || !fs::is_directory(bench)) return std::nullopt;
    if (config->contains("rank_id") || config->contains("common")) return std::nullopt;

    if (is_ptdbg_distributed(npu)) {
        check_print_log_flag(*config, json);
        report::check_output_dir(options.output_dir);
        LegacyRunner runner(options);
        runner.compare_distributed(npu, bench);
        return runner.commit();
    }
    std::optional<std::pair<fs::path, fs::path>> dispatch;
    if (legacy::is_dispatch_run_folder(npu)) {
        dispatch.emplace(npu / "npu", legacy::is_dispatch_run_folder(bench) ? bench / "cpu" : bench);
    } else if (legacy::holds_npy_files(npu) && legacy::holds_npy_files(bench)) {
        dispatch.emplace(npu, bench);
    }
    if (!dispatch) return std::nullopt;
    check_print_log_flag(*config, json);
    report::check_output_dir(options.output_dir);
    LegacyRunner runner(options);
    runner.compare_dispatch(dispatch->first, dispatch->second);
    return runner.commit();
}

}  // namespace msprobe::compare
