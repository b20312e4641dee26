#include "compare_request/compare_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"
#include "common/timestamps.hpp"
#include "compare/advisor.hpp"
#include "compare/chunked_result.hpp"
#include "compare/committed_results.hpp"
#include "compare/compare_pair.hpp"
#include "compare/highlight.hpp"
#include "compare/html_compare_report.hpp"
#include "compare/json_result.hpp"
#include "compare/recorded_rows.hpp"
#include "compare/row_level.hpp"
#include "compare/streamed_pair.hpp"
#include "dump/dump_layout.hpp"
#include "rank_spread/committed_ranks.hpp"
#include "rank_spread/parallel_ranks.hpp"
#include "rank_spread/rank_dirs.hpp"
#include "rank_spread/rank_plan.hpp"
#include "rank_spread/spread_ranks.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "report/progress_rows.hpp"
#include "report/xlsx_writer.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

class JobRunner {
public:
    // `stamp`: the timestamp of every file name of the run (one value on every process).
    JobRunner(const CompareOptions& options, ThreadPool& pool, std::string stamp)
        : options_(options), pool_(pool), stamp_(std::move(stamp)) {}

    // label: "" for a single pair, else the rank directory's name. Called
    // from several threads at once for the ranks of step directories.
    PairOutcome compare_files(const PairInput& input, const std::string& label) {
        const LiveRankTable live;
        const std::string suffix = label.empty() ? "" : "_" + label;
        const std::string& stamp = stamp_;  // one value for every file of the run
        const bool debug = input.npu_json.filename() == "debug.json";
        const fs::path result_path = options_.output_dir / fmt::format("{}compare_result{}_{}{}", debug ? "debug_" : "",
                                                                       suffix, stamp, extension(options_.format));
        const auto started = std::chrono::steady_clock::now();
        auto elapsed_ms = [&] {
            return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        };
        // A pair too large to hold is read back chunk by chunk (streamed_pair.hpp); the result is the same.
        std::optional<StreamedPair> streamed;
        std::optional<MatchedPair> matched;
        std::optional<HeldPairRows> held;
        if (should_stream_pair(input, options_)) {
            streamed.emplace(input, pool_, options_.show_progress);
        } else {
            matched.emplace(match_pair(input, options_, pool_));
            held.emplace(*matched);
        }
        PairRows& pair_rows = streamed ? static_cast<PairRows&>(*streamed) : *held;
        const CompareMode mode = streamed ? streamed->mode() : matched->mode;
        const std::size_t rows = pair_rows.size();
        if (rows == 0) {
            log::warning("Can`t match any op. No compare result file generated.");
            PairOutcome empty;
            empty.label = label;
            return empty;
        }
        if (options_.locate && mode != CompareMode::All) {
            note_ignored_flag("--locate has no effect on statistics or md5 dumps (it locates errors inside tensors)");
        }
        // msprobe falls back to its plain writer (no colours) above this many rows.
        constexpr std::size_t kHighlightRowLimit = 1048500;
        const bool highlight = options_.highlight && rows <= kHighlightRowLimit;
        if (options_.highlight && !highlight) {
            log::warning(fmt::format("{} rows exceed the {}-row limit of highlighting; the result is not coloured.",
                                     rows, kHighlightRowLimit));
        }
        const auto rendering = highlight ? report::CellRendering::Highlight : report::CellRendering::Plain;
        // A pair's result and advisor file are staged together: a failed advisor takes its result with it.
        PairOutcome outcome;
        std::vector<fs::path> written;
        try {
            Advice advice;
            std::unique_ptr<PairRecorder> html;
            if (options_.format == OutputFormat::Json) {
                // The json result holds every row's verdict beside the run's outcome: made whole.
                ResultTable result = result_rows(*matched, 0, rows, options_, pool_);
                if (options_.html) html = options_.html->start_pair(label, result.table.header);
                result.stack = matched->stack;
                const HighlightVerdict judged = judge_highlight(result, debug);
                const auto verdicts = row_verdicts(result, judged);
                outcome = summarize_pair(label, result, verdicts, input.stack_json_for_summary);
                if (highlight) apply_highlight(result, judged);
                staged_.stage(result_path, [&](const fs::path& temp) {
                    write_json_result(result, verdicts, outcome, {input.npu_json, input.bench_json}, temp);
                });
                advice = advise(result);
                if (html) record_rows(*html, result, &verdicts);
            } else {
                // The rows are made a chunk at a time while the writer takes them (and --html records them).
                // Real data: one line of tensors over every chunk, which would each draw their own.
                Progress tensors("Comparing tensors", static_cast<std::int64_t>(rows),
                                 options_.show_progress && mode == CompareMode::All, "tensors");
                CompareOptions chunk_options = options_;
                if (mode == CompareMode::All) chunk_options.tensor_progress = &tensors;
                ChunkedResult chunks(pair_rows, chunk_options, pool_, debug, highlight);
                if (options_.html) html = options_.html->start_pair(label, chunks.header());
                RecordedRows recorded(chunks, html.get());
                // Real data draws its own line, of tensors.
                Progress progress("Comparing rows", static_cast<std::int64_t>(rows),
                                  options_.show_progress && mode != CompareMode::All, "rows");
                report::ProgressRows counted(recorded, progress);
                staged_.stage(result_path, [&](const fs::path& temp) {
                    if (options_.format == OutputFormat::Csv) {
                        report::write_csv(counted, rendering, temp,
                                          {.formulas = report::formula_cells(options_.strict_compat)});
                    } else {
                        report::write_xlsx(
                            counted, rendering, temp,
                            options_.strict_compat ? report::FillSpelling::Msprobe : report::FillSpelling::Opaque,
                            &pool_);
                    }
                });
                outcome = chunks.outcome(label, input.stack_json_for_summary);
                advice = chunks.advice();
            }
            if (html) options_.html->add_pair(*html);
            log::debug(fmt::format("result file of {} rows staged at {:.0f} ms", rows, elapsed_ms()));
            written.push_back(result_path);
            if (!options_.compare_only) {
                const fs::path advisor_path = options_.output_dir / fmt::format("advisor{}_{}.txt", suffix, stamp);
                stage_advice_file(advice, advisor_path, staged_);
                written.push_back(advisor_path);
            }
            if (matched && matched->generated_mapping_yaml) {
                const fs::path yaml_path = options_.output_dir / fmt::format("data_mapping_{}.yaml", stamp);
                staged_.stage_text(yaml_path, *matched->generated_mapping_yaml);
                written.push_back(yaml_path);
            }
        } catch (const ResultRowError& e) {
            for (const auto& file : written) staged_.discard(file);
            throw Error(e);  // this pair's data is unusable: the other ranks go on
        } catch (const Error& e) {
            for (const auto& file : written) staged_.discard(file);
            throw RunStopped(e);  // a result could not be written: nothing of the run appears
        } catch (...) {
            for (const auto& file : written) staged_.discard(file);
            throw;
        }
        outcome.written = std::move(written);
        return outcome;
    }

    // The ranks this process owns (all of them for a single process); their
    // outcomes wait in rank_outcomes_ for commit_spread().
    void compare_step_dirs(const fs::path& npu_dir, const fs::path& bench_dir, ProcessGroup& processes) {
        const auto npu_ranks = rank_dirs(npu_dir);
        const auto bench_ranks = rank_dirs(bench_dir);
        dump::require_same_rank_count(npu_ranks.size(), bench_ranks.size(), bench_dir);
        // msprobe pairs ranks by position after sorting, not by number.
        std::vector<PairInput> inputs;
        std::vector<std::string> rank_names;
        for (std::size_t i = 0; i < npu_ranks.size(); ++i) {
            for (const char* name : {"dump.json", "debug.json"}) {
                const fs::path npu_json = npu_ranks[i] / name;
                const fs::path bench_json = bench_ranks[i] / name;
                if (!fs::exists(npu_json) || !fs::exists(bench_json)) continue;
                PairInput input{npu_json, bench_json, std::nullopt, {}};
                if (const fs::path stack = npu_ranks[i] / "stack.json"; fs::exists(stack)) {
                    input.stack_json = input.stack_json_for_summary = stack;
                }
                inputs.push_back(std::move(input));
                rank_names.push_back(npu_ranks[i].filename().string());
            }
        }
        if (inputs.empty()) {
            throw Error(
                npu_dir.string(),
                fmt::format("nothing to compare with {}: no rank directory (rank, rank0, ...) holds a dump.json "
                            "or debug.json on both sides",
                            bench_dir.string()));
        }
        const auto rank_bytes = [&inputs](std::size_t i) {
            const PairInput& input = inputs[i];
            return bytes_to_read({input.npu_json, input.bench_json, input.stack_json_for_summary},
                                 {input.npu_json.parent_path() / "dump_tensor_data",
                                  input.bench_json.parent_path() / "dump_tensor_data"});
        };
        rank_outcomes_.assign(inputs.size(), std::nullopt);
        // One rank draws its own lines; several run in parallel, and one line counts them.
        const bool show_ranks = options_.show_progress && inputs.size() > 1;
        if (show_ranks) options_.show_progress = false;
        skipped_ranks_ = compare_process_ranks(
            processes, inputs.size(), rank_bytes, pool_,
            [&](std::size_t i) { rank_outcomes_[i] = compare_files(inputs[i], rank_names[i]); },
            [&](std::size_t i) { return rank_names[i]; }, show_ranks);
    }

    // Commits this process's ranks; process 0's summary then holds them all.
    CompareSummary commit_spread(ProcessGroup& processes) {
        commit_spread_ranks(processes, staged_, rank_outcomes_, skipped_ranks_, summary_);
        return summary_;
    }

    void add_pair(PairOutcome outcome) { summary_.pairs.push_back(std::move(outcome)); }

    // Moves every staged result into place; the summary then names where they went.
    CompareSummary commit() {
        commit_results(staged_, summary_);
        return summary_;
    }

    void note_ignored_flag(const std::string& sentence) {
        const std::lock_guard lock(notes_mutex_);
        auto& notes = summary_.ignored_flags;
        if (std::find(notes.begin(), notes.end(), sentence) == notes.end()) notes.push_back(sentence);
    }

private:
    static const char* extension(OutputFormat format) {
        switch (format) {
            case OutputFormat::Csv: return ".csv";
            case OutputFormat::Json: return ".json";
            case OutputFormat::Xlsx: break;
        }
        return ".xlsx";
    }

    static std::vector<fs::path> rank_dirs(const fs::path& step_dir) { return list_rank_dirs(step_dir); }

    CompareOptions options_;  // a copy: a step's ranks turn its progress lines off
    ThreadPool& pool_;
    const std::string stamp_;
    std::vector<std::optional<PairOutcome>> rank_outcomes_;  // step directories: by rank, this process's
    std::vector<std::size_t> skipped_ranks_;
    report::StagedFiles staged_;
    CompareSummary summary_;
    std::mutex notes_mutex_;  // guards summary_.ignored_flags while ranks run
};

bool names_a_dump_file(const fs::path& p) {
    const std::string name = p.filename().string();
    return name == "dump.json" || name == "debug.json";
}

}  // namespace

CompareSummary run_dump_pair_compare(const DumpFilePair& pair, const CompareOptions& options, ThreadPool& pool) {
    report::check_output_dir(options.output_dir);
    for (const auto& p : {pair.npu_json, pair.bench_json}) {
        if (!names_a_dump_file(p)) throw Error(p.string(), "expected a file named dump.json or debug.json");
    }
    if (pair.npu_json.filename() != pair.bench_json.filename()) {
        throw Error(pair.bench_json.string(), "npu and bench must both be dump.json or both be debug.json");
    }
    PairInput input{pair.npu_json, pair.bench_json, std::nullopt, {}};
    if (pair.stack_json) {
        if (options.stack_mode) input.stack_json = pair.stack_json;
        input.stack_json_for_summary = *pair.stack_json;
    } else {
        const fs::path detected = pair.npu_json.parent_path() / "stack.json";
        if (fs::exists(detected)) input.stack_json = input.stack_json_for_summary = detected;
    }
    JobRunner runner(options, pool, local_timestamp());
    runner.add_pair(runner.compare_files(input, ""));
    return runner.commit();
}

CompareSummary run_step_dirs_compare(const StepDirs& dirs, const CompareOptions& options, ThreadPool& pool,
                                     ProcessGroup& processes) {
    run_on_every_process(processes, options.output_dir.string(), [&] {
        report::check_output_dir(options.output_dir);
        if (options.html && processes.size() > 1) {
            throw Error(options.html->target().string(), "--html needs the ranks on one process (run without mpirun)");
        }
    });
    JobRunner runner(options, pool, processes.broadcast_from_first(local_timestamp()));
    // Nothing is committed until every process has staged all of its ranks.
    run_on_every_process(processes, options.output_dir.string(),
                         [&] { runner.compare_step_dirs(dirs.npu_dir, dirs.bench_dir, processes); });
    return runner.commit_spread(processes);
}

}  // namespace msprobe::compare
