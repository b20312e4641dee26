#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <fstream>
#include <optional>
#include <set>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "common/log.hpp"
#include "common/rank_plan.hpp"
#include "common/progress.hpp"
#include "common/python_text.hpp"
#include "dump/json_file.hpp"
#include "dump/json_view.hpp"
#include "precision/api_name.hpp"
#include "precision/result_counts.hpp"
#include "precision/run_ut_report.hpp"
#include "run_ut/api_names.hpp"
#include "run_ut/api_run.hpp"
#include "run_ut/collective.hpp"
#include "run_ut/dump_records.hpp"
#include "run_ut/error_data.hpp"
#include "run_ut/input_builder.hpp"
#include "run_ut/rank_dumps.hpp"
#include "run_ut/run_ut_job.hpp"
#include "run_ut/worker_processes.hpp"

namespace msprobe::run_ut {

namespace {

struct ApiLists {
    std::vector<std::string> white;
    std::vector<std::string> black;
    std::filesystem::path error_data_path = ".";
};

// msprobe's checks of config.json's top level: the task and level names it knows, typed flags.
void check_config_top_level(dump::JsonView root, const std::filesystem::path& config) {
    static const std::set<std::string> kTasks = {"statistics", "tensor",         "overflow_check",
                                                 "structure",  "free_benchmark", "run_ut",
                                                 "acc_check",  "grad_probe",     "exception_dump"};
    static const std::set<std::string> kLevels = {"L0", "L1", "L2", "mix", "debug"};
    auto check_name = [&](const char* key, const std::set<std::string>& allowed) {
        const auto v = root.member(key);
        if (!v) return;
        if (!v.is_string() || !allowed.count(std::string(v.text()))) {
            std::string names;
            for (const auto& a : allowed) names += (names.empty() ? "" : ", ") + a;
            throw Error(config.string(), fmt::format("{} must be one of {}", key, names));
        }
    };
    check_name("task", kTasks);
    check_name("level", kLevels);
    if (const auto v = root.member("dump_path"); v && !v.is_string()) {
        throw Error(config.string(), "dump_path must be a string");
    }
    for (const char* key : {"enable_dataloader", "async_dump"}) {
        if (const auto v = root.member(key); v && !v.is_bool()) {
            throw Error(config.string(), fmt::format("{} must be true or false", key));
        }
    }
}

// The run_ut section of msprobe's config.json; the built-in defaults otherwise.
ApiLists read_config(const std::filesystem::path& config) {
    ApiLists lists;
    if (config.empty()) return lists;
    const auto json = dump::JsonFile::load(config);
    const auto root = json.root();
    if (!root.is_object()) throw Error(config.string(), "is not a JSON object");
    check_config_top_level(root, config);
    const auto section = root.member("run_ut");
    if (!section) return lists;
    if (!section.is_object()) throw Error(config.string(), "run_ut must be a JSON object");
    auto read_list = [&](const char* key, std::vector<std::string>& out) {
        const auto v = section.member(key);
        if (!v) return;
        if (!v.is_array()) throw Error(config.string(), fmt::format("run_ut.{} must be a list of strings", key));
        for (const auto e : v.items()) {
            if (!e.is_string()) throw Error(config.string(), fmt::format("run_ut.{} must be a list of strings", key));
            out.emplace_back(e.text());
        }
        // msprobe accepts only the names it hooks; this tool the names its executor resolves (api_names.hpp).
        if (const auto unknown = unknown_api_names(out); !unknown.empty()) {
            std::vector<std::string> quoted;
            for (const auto& name : unknown) quoted.push_back(py::str_repr(name));
            throw Error(config.string(), fmt::format("Invalid api in {}: {}", key, py::list_text(quoted)));
        }
    };
    read_list("white_list", lists.white);
    read_list("black_list", lists.black);
    if (const auto v = section.member("error_data_path")) {
        if (!v.is_string()) throw Error(config.string(), "run_ut.error_data_path must be a string");
        lists.error_data_path = std::string(v.text());
        if (!std::filesystem::is_directory(lists.error_data_path)) {
            throw Error(config.string(),
                        fmt::format("error_data_path {} does not exist", lists.error_data_path.string()));
        }
    }
    return lists;
}

const std::set<std::string>& always_black_listed() {
    static const std::set<std::string> names = {"to", "empty", "empty_like", "empty_strided", "new_empty",
                                                "new_empty_strided", "empty_with_format"};
    return names;
}

bool runs(const std::string& api_name, const ApiLists& lists) {
    if (always_black_listed().count(api_name)) return false;
    if (std::find(lists.black.begin(), lists.black.end(), api_name) != lists.black.end()) return false;
    return lists.white.empty() || std::find(lists.white.begin(), lists.white.end(), api_name) != lists.white.end();
}

std::string exception_text(const std::exception& e) {
    if (const auto* c10e = dynamic_cast<const c10::Error*>(&e)) return c10e->what_without_backtrace();
    return e.what();
}

// A Distributed API recomputed from every rank's dump (docs/run_ut_collectives.md), or SKIP with the reason.
precision::ApiComparison run_collective_or_skip(const ApiEntry& api, const std::string& api_name, RankDumps& ranks,
                                                bool device_from_dump) {
    if (const auto why = collective_unsupported(api_name)) {
        return precision::skipped_api(api.full_name,
                                      fmt::format("API {} not support for run ut: {}. SKIP.", api.full_name, *why));
    }
    try {
        return run_collective(api.full_name, api_name, api.forward, ranks, device_from_dump);
    } catch (const std::exception& e) {
        return precision::skipped_api(
            api.full_name, fmt::format("API {} not re-executed: {}. SKIP.", api.full_name, exception_text(e)));
    }
}

// Why run_ut does not run the API at all (its SKIP message), or nullopt. Distributed APIs run only when the
// other ranks' dumps are at hand (`collectives_recomputed`).
std::optional<std::string> not_run_reason(const std::string& full_name,
                                          const std::optional<precision::ApiNameParts>& parts, const ApiLists& lists,
                                          bool collectives_recomputed) {
    if (precision::has_formula_characters(full_name)) return "api name contains special characters, please check!";
    if (parts && parts->family == "Distributed" && collectives_recomputed) return std::nullopt;
    if (!parts || parts->family == "Distributed" || parts->family == "MindSpeed") {
        return fmt::format("API {} not support for run ut. SKIP.", full_name);
    }
    if (!runs(parts->api_name, lists))
        return fmt::format("API {} in black list or not in white list. SKIP.", parts->api_name);
    return std::nullopt;
}

// One API run and compared; whatever stops the run (SkipApi, libtorch's own errors) is its SKIP row.
// `error_dir`, when given, receives the tensors of an API that did not pass (-save_error_data).
precision::ApiComparison run_api_or_skip(const ApiRunRequest& request, InputBuilder& inputs,
                                         const std::filesystem::path* error_dir) {
    try {
        ApiRunArtifacts artifacts;
        auto result = run_api(request, inputs, error_dir ? &artifacts : nullptr);
        if (error_dir && !precision::api_passed(result.forward_status, result.backward_status)) {
            save_error_data(*error_dir, request.full_name, artifacts);
        }
        return result;
    } catch (const std::exception& e) {
        const std::string text = exception_text(e);
        if (text.find("expected scalar type Long") != std::string::npos) {
            log::warning(
                fmt::format("API {} may need its int32 inputs converted to int64 (int32_to_int64).", request.api_name));
        }
        return precision::skipped_api(request.full_name, text);
    }
}

// One API's result row in the summary: SKIP forward means it did not run.
void count_api(RunUtSummary& summary, const std::string& forward_status, const std::string& backward_status) {
    ++(forward_status == precision::kSkip ? summary.skipped : summary.executed);
    if (!precision::api_passed(forward_status, backward_status)) ++summary.failed;
}

}  // namespace

RunUtSummary run_ut(const RunUtOptions& options) {
    if (options.api_info.empty()) throw Error("", "Please provide api_info_file for offline run ut.");
    for (auto d : options.devices) {
        if (d < 0) throw Error("", "device id must be greater than or equal to 0");
    }
    const ApiLists lists = read_config(options.config);
    DumpRecords records = read_dump_records(options.api_info, options.legacy_backward);
    const auto all_apis = options.filter_api ? filter_repeated_calls(records.apis) : records.apis;
    const std::size_t first = std::min(options.first_api, all_apis.size());
    const std::size_t count = std::min(options.api_count, all_apis.size() - first);
    const std::vector<ApiEntry> apis(all_apis.begin() + static_cast<std::ptrdiff_t>(first),
                                     all_apis.begin() + static_cast<std::ptrdiff_t>(first + count));

    const auto formulas = report::formula_cells(options.strict_compat);
    std::optional<precision::RunUtReport> report;
    std::set<std::string> done;
    if (!options.resume_csv.empty()) {
        report = precision::RunUtReport::resume(options.resume_csv, precision::kDetailDecimals, formulas);
        done = report->recorded_apis();
    } else {
        report = precision::RunUtReport::create(options.out_dir,
                                                options.timestamp.empty() ? local_timestamp() : options.timestamp,
                                                precision::kDetailDecimals, formulas);
    }
    log::info("start UT test");
    log::info("UT task result will be saved in " + report->result_path().string());
    log::info("UT task details will be saved in " + report->details_path().string());
    const auto error_dir = lists.error_data_path / ("ut_error_data" + report->timestamp());
    if (options.save_error_data) log::info("UT task error_data will be saved in " + error_dir.string());

    at::manual_seed(1234);
    InputBuilder inputs(records.data_root, options.max_tensor_elements);
    // Collectives need the other ranks' records of the same call: only a dump in a rankN folder has them.
    auto rank_dumps = RankDumps::beside(records);
    RunUtSummary summary{report->result_path(), report->details_path(), apis.size(), 0, 0, 0, {}};
    const auto to_run =
        std::count_if(apis.begin(), apis.end(), [&](const ApiEntry& a) { return !done.count(a.full_name); });
    Progress progress("run_ut", to_run, options.show_progress, "APIs");
    for (const auto& api : apis) {
        if (done.count(api.full_name)) continue;
        precision::ApiComparison result;
        const auto parts = precision::split_api_full_name(api.full_name);
        if (const auto why = not_run_reason(api.full_name, parts, lists, rank_dumps.has_value())) {
            result = precision::skipped_api(api.full_name, *why);
        } else if (parts->family == "Distributed") {
            result = run_collective_or_skip(api, parts->api_name, *rank_dumps, records.data_root.has_value());
        } else {
            if (options.seed_per_api) at::manual_seed(1234);
            const ApiRunRequest request{api.full_name, parts->family, parts->api_name, api.forward, api.backward,
                                        records.data_root.has_value()};
            result = run_api_or_skip(request, inputs, options.save_error_data ? &error_dir : nullptr);
        }
        // After -save_error_data has judged by msprobe's statuses, so that the same files are saved.
        if (!options.strict_compat) precision::skip_sides_that_compared_nothing(result);
        report->append(result);
        progress.advance();
        count_api(summary, result.forward_status, result.backward_status);
    }
    summary.counts = precision::count_results(report->result_path());
    log::info("UT task result csv is saved in " + report->result_path().string());
    log::info("UT task details csv is saved in " + report->details_path().string());
    log::info("Successfully completed run_ut/multi_run_ut.");
    log::info("UT task completed.");
    return summary;
}

namespace {

// A worker's slice of the forward APIs.
struct ApiSplit {
    std::size_t first = 0;
    std::size_t count = 0;
};

struct SplitPlan {
    std::size_t total = 0;  // forward APIs (after -f)
    std::vector<ApiSplit> splits;  // non-empty slices, in API order
};

// msprobe's split of the forward APIs into `processes` workers: at most 8 per device, contiguous chunks of
// floor(total / n) APIs, the last one taking the remainder. The config is checked here, before any result
// file exists, rather than in every worker.
SplitPlan plan_splits(const RunUtOptions& options, int processes) {
    if (options.api_info.empty()) throw Error("", "Please provide api_info_file for offline run ut.");
    const int cap = 8 * static_cast<int>(std::max<std::size_t>(1, options.devices.size()));
    if (processes > cap) {
        log::warning(fmt::format("A device supports a maximum of 8 processes. The total number of processes exceeds "
                                 "the limit, and it is set to {}.", cap));
        processes = cap;
    }
    read_config(options.config);
    const DumpRecords records = read_dump_records(options.api_info, options.legacy_backward);
    SplitPlan plan;
    plan.total = options.filter_api ? filter_repeated_calls(records.apis).size() : records.apis.size();
    const std::size_t n = static_cast<std::size_t>(processes);
    const std::size_t chunk = plan.total / n;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t begin = i * chunk;
        const std::size_t count = i + 1 == n ? plan.total - begin : chunk;
        if (count > 0) plan.splits.push_back({begin, count});
    }
    return plan;
}

// A worker's options: `options` over `split`, appending to `result_csv`.
RunUtOptions worker_options(const RunUtOptions& options, const ApiSplit& split,
                            const std::filesystem::path& result_csv) {
    RunUtOptions worker = options;
    worker.resume_csv = result_csv;
    worker.first_api = split.first;
    worker.api_count = split.count;
    return worker;
}

// The run's summary from its result file (every row, a resumed run's earlier ones too).
RunUtSummary summary_of(const precision::RunUtReport& report, std::size_t total) {
    RunUtSummary summary{report.result_path(), report.details_path(), total, 0, 0, 0, {}};
    const auto rows = precision::read_csv(report.result_path());
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto& row = rows[r];
        if (row.size() < 3) continue;
        count_api(summary, row[1], row[2]);
    }
    summary.counts = precision::count_results(report.result_path());
    return summary;
}

// Appends the rows of the csv file `part` (its header line left out) to `whole`.
void append_rows(const std::filesystem::path& part, const std::filesystem::path& whole) {
    std::ifstream in(part, std::ios::binary);
    std::string header;
    if (!in || !std::getline(in, header)) throw Error(part.string(), "cannot be read");
    std::ofstream out(whole, std::ios::binary | std::ios::app);
    out << in.rdbuf();
    out.flush();
    if (!out) throw Error(whole.string(), "write failed");
}

}  // namespace

RunUtSummary multi_run_ut(const RunUtOptions& options, int processes, const WorkerCommandLine& worker_command_line) {
    const SplitPlan plan = plan_splits(options, processes);
    const std::size_t total = plan.total;
    const auto report = options.resume_csv.empty()
                            ? precision::RunUtReport::create(options.out_dir, options.timestamp.empty()
                                                                                  ? local_timestamp()
                                                                                  : options.timestamp)
                            : precision::RunUtReport::resume(options.resume_csv);
    WorkerProcesses workers;
    for (const auto& split : plan.splits) {
        workers.start(worker_command_line(worker_options(options, split, report.result_path())));
    }
    WorkerProcesses::Outcome outcome;
    {
        // The workers append to the result file; its rows are the progress.
        const auto rows_before = static_cast<std::int64_t>(precision::read_csv(report.result_path()).size());
        Progress progress("multi_run_ut", static_cast<std::int64_t>(total) - (rows_before - 1), options.show_progress,
                          "APIs");
        outcome = workers.wait_all([&] {
            if (!progress.drawn()) return;
            try {
                const auto rows = static_cast<std::int64_t>(precision::read_csv(report.result_path()).size());
                progress.advance_to(rows - rows_before);
            } catch (const Error&) {
                // Read while a worker was appending (an open quoted field): the next tick counts it.
            }
        });
    }
    const auto rows = precision::read_csv(report.result_path()).size() - 1;
    if (outcome.interrupted_by != 0) {
        throw Error(options.api_info.string(),
                    fmt::format("interrupted by {} after {} of {} APIs; continue with -csv_path {}",
                                outcome.interrupted_by == SIGINT ? "SIGINT" : "SIGTERM", rows, total,
                                report.result_path().string()),
                    128 + outcome.interrupted_by);
    }
    if (outcome.failed > 0) {
        throw Error(options.api_info.string(),
                    fmt::format("{} run_ut worker(s) failed; continue with -csv_path {}", outcome.failed,
                                report.result_path().string()));
    }
    if (rows < total) {
        log::warning(fmt::format("Only {} of {} APIs have results; continue with -csv_path {}", rows, total,
                                 report.result_path().string()));
    }
    log::info("Successfully completed run_ut/multi_run_ut.");
    return summary_of(report, total);
}

RunUtSummary spread_multi_run_ut(const RunUtOptions& options, int splits, const WorkerCommandLine& worker_command_line,
                                 ProcessGroup& processes) {
    const SplitPlan plan = prepared_on_every_process(processes, options.api_info.string(), [&] {
        if (!options.resume_csv.empty()) {
            throw Error(options.resume_csv.string(), "-csv_path continues a run in one process: run multi_run_ut "
                                                     "without the MPI launcher to continue it");
        }
        return plan_splits(options, splits);
    });
    const std::string timestamp =
        processes.broadcast_from_first(options.timestamp.empty() ? local_timestamp() : options.timestamp);
    // Each split is written by its own worker into a file pair of its own, in a hidden folder of the output
    // directory; process 0 joins them in split order once every process's workers succeeded.
    const auto split_dir = [&](std::size_t i) {
        return options.out_dir / fmt::format(".multi_run_ut_{}_{}", timestamp, i);
    };
    const auto part = [&](std::size_t i, const std::filesystem::path& whole) {
        return split_dir(i) / whole.filename();
    };
    const auto mine = ranks_of_process(
        plan.splits.size(), [&](std::size_t i) { return std::uintmax_t{plan.splits[i].count}; }, processes.size(),
        processes.index());
    const auto remove_mine = [&] {
        std::error_code ec;
        for (const std::size_t i : mine) std::filesystem::remove_all(split_dir(i), ec);
    };
    std::optional<precision::RunUtReport> joined;
    try {
        run_on_every_process(processes, options.api_info.string(), [&] {
            WorkerProcesses workers;
            for (const std::size_t i : mine) {
                const auto split_report = precision::RunUtReport::create(split_dir(i), timestamp);
                workers.start(worker_command_line(worker_options(options, plan.splits[i], split_report.result_path())));
            }
            const auto outcome = workers.wait_all();
            if (outcome.interrupted_by != 0) {
                throw Error(options.api_info.string(),
                            fmt::format("interrupted by {}; no result file written",
                                        outcome.interrupted_by == SIGINT ? "SIGINT" : "SIGTERM"),
                            128 + outcome.interrupted_by);
            }
            if (outcome.failed > 0) {
                throw Error(options.api_info.string(),
                            fmt::format("{} run_ut worker(s) failed; no result file written", outcome.failed));
            }
        });
        run_on_every_process(processes, options.out_dir.string(), [&] {
            if (!processes.is_first()) return;
            joined = precision::RunUtReport::create(options.out_dir, timestamp);
            try {
                for (std::size_t i = 0; i < plan.splits.size(); ++i) {
                    append_rows(part(i, joined->result_path()), joined->result_path());
                    append_rows(part(i, joined->details_path()), joined->details_path());
                }
            } catch (...) {
                std::error_code ec;
                std::filesystem::remove(joined->result_path(), ec);
                std::filesystem::remove(joined->details_path(), ec);
                throw;
            }
        });
    } catch (...) {
        remove_mine();
        throw;
    }
    remove_mine();
    if (!joined) return {};  // process 0 reports the run
    log::info("UT task result csv is saved in " + joined->result_path().string());
    log::info("UT task details csv is saved in " + joined->details_path().string());
    log::info("Successfully completed run_ut/multi_run_ut.");
    return summary_of(*joined, plan.total);
}

}  // namespace msprobe::run_ut
