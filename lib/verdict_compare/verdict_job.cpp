#include "verdict_compare/verdict_job.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <optional>

#include "common/error.hpp"
#include "common/interrupt_cleanup.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "common/progress.hpp"
#include "common/timestamps.hpp"
#include "compare/html_compare_report.hpp"
#include "compare/missing_tensor_file.hpp"
#include "compare/tensor_log.hpp"
#include "rank_spread/pair_outcome_message.hpp"
#include "rank_spread/parallel_ranks.hpp"
#include "rank_spread/rank_plan.hpp"
#include "rank_spread/spread_ranks.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

// A pair's rows by their Result, its first problem and its files.
using PairResult = PairOutcome;

// Each row's verdict as the table says it: its Result cell ("warning", "error"; anything else passes) and the
// reasons its Err_message lists (`["a", "b"]`).
std::vector<RowVerdict> written_verdicts(const ResultTable& result) {
    std::vector<RowVerdict> verdicts(result.table.rows.size());
    const int level_column = result.column("Result");
    const int message_column = result.column("Err_message");
    if (level_column < 0) return verdicts;
    for (std::size_t r = 0; r < verdicts.size(); ++r) {
        const auto& row = result.table.rows[r];
        const auto& level = row[static_cast<std::size_t>(level_column)];
        if (!level.is_text() || (level.text() != "error" && level.text() != "warning")) continue;
        verdicts[r].level = level.text() == "error" ? RowLevel::Error : RowLevel::Warning;
        if (message_column < 0 || !row[static_cast<std::size_t>(message_column)].is_text()) continue;
        const auto messages =
            nlohmann::json::parse(row[static_cast<std::size_t>(message_column)].text(), nullptr, false);
        if (!messages.is_array()) continue;
        for (const auto& message : messages) {
            if (message.is_string()) verdicts[r].reasons.push_back(message.get<std::string>());
        }
    }
    return verdicts;
}

void count_results(const ResultTable& result, const std::string& label, PairResult& out) {
    OutcomeTally tally;
    tally.add(result, written_verdicts(result));
    auto written = std::move(out.written);
    out = tally.finish(label, result.stack, {});
    out.written = std::move(written);
}

void log_result_paths(const PairResult& result) {
    for (const auto& file : result.written) {
        log::info(fmt::format("The result file path is: {}.", printable(fs::absolute(file).string())));
    }
}

// What a unit's staged results do with a namesake: keep both (numbered), or
// replace it as msprobe does under --strict_compat.
report::Existing result_policy(const VerdictJobOptions& options) {
    return options.table.strict_compat ? report::Existing::Replace : report::Existing::KeepBoth;
}

// After the unit's commit: each result names the file it became, and says so.
void place_results(const report::StagedFiles& staged, std::vector<std::optional<PairResult>>& results) {
    for (auto& result : results) {
        if (!result) continue;
        for (auto& file : result->written) file = staged.placed(file);
        log_result_paths(*result);
    }
}

// The options of each of `pairs` pairs: one pair draws its own lines; several run in parallel, and one line
// counts them (pairs_shown).
VerdictJobOptions pair_options(VerdictJobOptions options, std::size_t pairs) {
    if (pairs > 1) options.show_progress = options.table.show_progress = false;
    return options;
}

bool pairs_shown(const VerdictJobOptions& options, std::size_t pairs) { return options.show_progress && pairs > 1; }

// Writes into write_dir: the output folder itself, or for a run spread over
// processes a hidden folder of this process inside it, whose files move to
// out_dir once every process has succeeded. `written` names them at out_dir.
// With `staged`, the files are staged there for the caller to commit with the
// unit's other pairs (a pair that fails takes its staged files back).
PairResult compare_pair(const UnitPair& pair, bool check_frameworks, const fs::path& write_dir, const fs::path& out_dir,
                        const std::string& stamp, const VerdictJobOptions& options, ThreadPool& pool,
                        report::StagedFiles* staged = nullptr) {
    const LiveRankTable live;
    const PairInputs inputs = read_pair_inputs(pair.target, pair.golden, pool, options.show_progress);
    const bool api_mapping = options.table.mapping.api_mapping.has_value();
    if (check_frameworks) check_pair_frameworks(inputs.npu, inputs.bench, api_mapping);
    if (options.cross_framework_needs_mapping) {
        check_cross_framework_mapping(inputs.npu, inputs.bench, options.table.mapping.any());
    }
    if (options.missing_tensor_files_refused) {
        for (const auto* dump : {&inputs.npu, &inputs.bench}) {
            if (const auto missing = missing_tensor_file(*dump)) {
                throw Error(missing->string(), fmt::format("no such file, named by {}: its rows cannot be compared "
                                                           "(--strict_compat compares the others as msprobe does)",
                                                           printable(dump->path)));
            }
        }
    }
    PairResult out;
    if (inputs.npu.rows.empty() || inputs.bench.rows.empty()) {
        log::warning("No valid data found. No compare result file generated. Please check input json.");
        return out;
    }
    VerdictTable table = verdict_table(inputs.npu, inputs.bench, inputs.stack.get(), pool, options.table);
    table.result.stack = inputs.stack;
    if (table.result.table.rows.empty()) {
        log::warning("Can`t match any op. No compare result file generated.");
        return out;
    }
    if (options.table.print_compare_log) log_compare_rows(table.result);
    if (staged == nullptr) {  // StagedFiles makes (and takes back) its folders; a process's staging folder is made here
        std::error_code ec;
        fs::create_directories(write_dir, ec);
        if (ec) {
            const fs::path folder = write_dir.parent_path();  // the output folder, as the user gave it
            const Error error(folder.string(), fmt::format("cannot create the output directory: {}", ec.message()));
            throw RunStopped(error);
        }
    }
    const std::string name = verdict_result_name(pair.debug_json, pair.rank_label, stamp, options.format);
    // -lm's generated mapping is written beside the result, as data_mapping_<timestamp>.yaml.
    const auto& mapping_yaml = table.result.generated_mapping_yaml;
    const fs::path yaml_name = fmt::format("data_mapping_{}.yaml", stamp);
    std::error_code ec;
    // A namesake another run wrote in the same second is kept beside ours, unless msprobe's replacing is asked for.
    if (options.table.strict_compat && fs::exists(out_dir / name, ec)) {
        log::warning(fmt::format("{} will be deleted.", printable((out_dir / name).string())));
    }
    try {
        const auto formulas = report::formula_cells(options.table.strict_compat);
        Progress progress("Writing rows", static_cast<std::int64_t>(table.result.table.rows.size()),
                          options.show_progress, "rows");
        for (const auto& file :
             write_verdict_table(table, write_dir / name, options.format, &pool, formulas, staged, &progress)) {
            out.written.push_back(out_dir / file.filename());
        }
        if (mapping_yaml) {
            if (staged != nullptr) {
                staged->stage_text(write_dir / yaml_name, *mapping_yaml);
            } else {
                report::write_text_atomically(write_dir / yaml_name, *mapping_yaml, result_policy(options));
            }
            out.written.push_back(out_dir / yaml_name);
        }
    } catch (const Error& e) {
        if (staged != nullptr) {
            for (const auto& file : result_table_files(table, write_dir / name, options.format)) staged->discard(file);
            if (mapping_yaml) staged->discard(write_dir / yaml_name);
        }
        // A result that cannot be written (an output folder that cannot be made) stops the run: every rank would
        // meet the same folder, so it is said once, not as each rank's failure.
        if (write_dir == out_dir) throw RunStopped(e);
        throw RunStopped(Error((out_dir / name).string(), e.reason()));  // the file as the user will look for it
    }
    if (staged == nullptr) log_result_paths(out);  // staged ones are said once placed (place_results)
    count_results(table.result, pair.rank_label, out);
    if (options.html) {
        // Named like the result file's folder and rank, so that the ranks of every step stay apart.
        const fs::path folder = out_dir.lexically_relative(options.output_dir);
        std::string label =
            (folder.empty() || folder == "." ? fs::path(pair.rank_label) : folder / pair.rank_label).generic_string();
        if (pair.debug_json) label += label.empty() ? "debug" : " (debug)";
        auto recorder = options.html->start_pair(label, table.result.table.header);
        record_rows(*recorder, table.result, nullptr);
        options.html->add_pair(*recorder);
    }
    return out;
}

// A spread run's files wait in a hidden folder of each process inside the
// output folder (same file system: a rename moves them), removed with
// whatever is left in it when the unit ends.
class ProcessStaging {
public:
    ProcessStaging(const fs::path& out_dir, const std::string& stamp, const ProcessGroup& processes)
        : dir_(out_dir / fmt::format(".msprobe-staged-{}-{}-{}", stamp, processes.index(), ::getpid())),
          cleanup_(dir_, InterruptCleanup::Kind::Folder) {}
    ~ProcessStaging() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    ProcessStaging(const ProcessStaging&) = delete;
    ProcessStaging& operator=(const ProcessStaging&) = delete;

    const fs::path& dir() const { return dir_; }

    // Moves every file into out_dir, replacing one of the same name as August's compare does.
    void commit(const fs::path& out_dir) const {
        std::error_code ec;
        if (!fs::is_directory(dir_, ec)) return;
        for (const auto& entry : fs::directory_iterator(dir_)) {
            const fs::path target = out_dir / entry.path().filename();
            fs::rename(entry.path(), target, ec);
            if (ec) throw Error(target.string(), fmt::format("cannot move the result into place: {}", ec.message()));
        }
    }

private:
    fs::path dir_;
    InterruptCleanup cleanup_;  // an interrupted process removes its staging folder too
};

VerdictJobSummary summary_of(const std::vector<std::optional<PairResult>>& results) {
    VerdictJobSummary summary;
    for (const auto& r : results) {
        if (!r) continue;
        summary.written.insert(summary.written.end(), r->written.begin(), r->written.end());
        summary.rows += r->rows;
        summary.warnings += r->warnings;
        summary.errors += r->errors;
        summary.pairs.push_back(*r);
    }
    return summary;
}

Error ranks_not_compared(const fs::path& out_dir, std::vector<std::string> failures, std::size_t ranks) {
    std::sort(failures.begin(), failures.end());
    std::string names;
    for (const auto& f : failures) names += (names.empty() ? "" : ", ") + f;
    if (failures.size() == ranks) {
        return Error(out_dir.string(), fmt::format("no rank could be compared ({}); nothing is written", names));
    }
    return Error(out_dir.string(), fmt::format("{} rank(s) could not be compared ({}); the other ranks' files are "
                                               "written",
                                               failures.size(), names));
}

// The pairs of a unit spread over several processes: each writes its own
// pairs' files into its staging folder; they move into place only once every
// process has succeeded, and process 0 gathers the counts and the failures.
VerdictJobSummary run_spread_pairs(const CompareUnit& unit, const fs::path& out_dir, const VerdictJobOptions& given,
                                   ThreadPool& pool, ProcessGroup& processes) {
    const VerdictJobOptions options = pair_options(given, unit.pairs.size());
    run_on_every_process(processes, out_dir.string(), [&] {
        if (options.html) {
            throw Error(options.html->target().string(), "--html needs the ranks on one process (run without mpirun)");
        }
    });
    const std::string stamp = processes.broadcast_from_first(local_timestamp());
    const ProcessStaging staging(out_dir, stamp, processes);
    std::vector<std::optional<PairResult>> results(unit.pairs.size());
    std::vector<std::size_t> skipped;
    run_on_every_process(processes, out_dir.string(), [&] {
        const auto pair_bytes = [&unit](std::size_t i) {
            const auto& pair = unit.pairs[i];
            return bytes_to_read({pair.target, pair.golden}, {pair.target.parent_path() / "dump_tensor_data",
                                                              pair.golden.parent_path() / "dump_tensor_data"});
        };
        skipped = compare_process_ranks(
            processes, unit.pairs.size(), pair_bytes, pool,
            [&](std::size_t i) {
                results[i] = compare_pair(unit.pairs[i], false, staging.dir(), out_dir, stamp, options, pool);
            },
            [&](std::size_t i) { return unit.pairs[i].rank_label; }, pairs_shown(given, unit.pairs.size()));
    });
    GatheredRanks gathered;
    local_then_collective([&] { staging.commit(out_dir); },
                          [&] {
                              std::vector<std::pair<std::size_t, nlohmann::json>> messages;
                              for (std::size_t i = 0; i < results.size(); ++i) {
                                  if (results[i]) messages.emplace_back(i, pair_outcome_message(*results[i]));
                              }
                              gathered = gather_ranks(processes, results.size(), messages, skipped, {});
                          });
    std::vector<std::optional<PairResult>> all(results.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (gathered.results[i]) all[i] = pair_outcome_from_message(*gathered.results[i]);
    }
    // Every process learns that a rank failed, so that all of them stop here as a single process would.
    if (!processes.all_succeeded(skipped.empty())) {
        std::vector<std::string> failures;
        for (const std::size_t i : gathered.skipped) failures.push_back(unit.pairs[i].rank_label);
        if (processes.is_first()) throw ranks_not_compared(out_dir, failures, unit.pairs.size());
        throw ReportedByFirstProcess(ranks_not_compared(out_dir, failures, unit.pairs.size()));
    }
    return summary_of(all);
}

}  // namespace

VerdictJobSummary run_verdict_pairs(const CompareUnit& unit, const VerdictJobOptions& options, ThreadPool& pool,
                                    ProcessGroup& processes) {
    const fs::path out_dir = options.output_dir / unit.output_subdir;
    run_on_every_process(processes, out_dir.string(), [&] { report::check_output_dir(out_dir); });
    if (unit.single_pair) {
        if (!processes.is_first()) return {};  // one pair: process 0 compares it alone
        report::StagedFiles staged(result_policy(options));
        std::vector<std::optional<PairResult>> results{
            compare_pair(unit.pairs.front(), true, out_dir, out_dir, local_timestamp(), options, pool, &staged)};
        staged.commit();
        place_results(staged, results);
        return summary_of(results);
    }
    if (processes.size() > 1) return run_spread_pairs(unit, out_dir, options, pool, processes);
    const VerdictJobOptions each_pair = pair_options(options, unit.pairs.size());
    // The unit's files appear together when its last rank is done; a rank that cannot be compared is named and
    // skipped, and the others still get their files.
    report::StagedFiles staged(result_policy(options));
    std::vector<std::optional<PairResult>> results(unit.pairs.size());
    const auto skipped = compare_ranks(
        unit.pairs.size(), pool,
        [&](std::size_t i) {
            results[i] =
                compare_pair(unit.pairs[i], false, out_dir, out_dir, local_timestamp(), each_pair, pool, &staged);
        },
        [&](std::size_t i) { return unit.pairs[i].rank_label; }, pairs_shown(options, unit.pairs.size()));
    if (skipped.size() < unit.pairs.size()) {
        staged.commit();
        place_results(staged, results);
    }
    if (!skipped.empty()) {
        std::vector<std::string> failures;
        for (const std::size_t i : skipped) failures.push_back(unit.pairs[i].rank_label);
        throw ranks_not_compared(out_dir, failures, unit.pairs.size());
    }
    return summary_of(results);
}

}  // namespace msprobe::compare
