#include "merge/merge_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "merge/spread_extraction.hpp"
#include "report/output_file.hpp"

namespace msprobe::merge {

namespace fs = std::filesystem;

namespace {

std::string set_text(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items) text += (text.empty() ? "'" : ", '") + item + "'";
    return "{" + text + "}";
}

// Whether the rank can give every index of the shared list; logs msprobe's warnings when it cannot.
bool usable(const RankExtract& rank, std::vector<std::string>& shared) {
    if (rank.empty) {
        log::warning(fmt::format("Rank{} compare result is empty and will not shown in merged result.", rank.rank));
        return false;
    }
    if (!rank.mode) {
        log::warning(fmt::format("A valid dump task can not be identified from rank{} compare result, please check! "
                                 "The compare result will not be shown in merged result.",
                                 rank.rank));
        return false;
    }
    if (rank.mode == compare::CompareMode::Md5) {
        log::warning(fmt::format("Rank{} compare result is 'md5' dump task and does not support merging result, "
                                 "please check! The compare result will not be shown in merged result.",
                                 rank.rank));
        return false;
    }
    const auto& valid = valid_compare_indices(rank.mode);
    if (shared.empty()) shared = valid;
    std::vector<std::string> invalid;
    for (const auto& index : shared) {
        if (std::find(valid.begin(), valid.end(), index) == valid.end()) invalid.push_back(index);
    }
    if (invalid.empty()) return true;
    log::warning(fmt::format("Compare indexes in rank{} compare result are not consistent with those in other compare "
                             "results, please check!",
                             rank.rank));
    log::warning("The compare result will not be shown in merged result.");
    log::warning(fmt::format("The invalid compare indexes: {}", set_text(invalid)));
    return false;
}

// The full outer join on NPU Name, the same for every index: the merged rows
// in order of first appearance, rank by rank, and each rank's row per name.
struct JoinLayout {
    std::vector<const std::string*> names;       // merged row → NPU Name
    std::vector<std::vector<std::size_t>> rows;  // rank k, name i → merged row
};

JoinLayout join_layout(const std::vector<const RankExtract*>& ranks) {
    JoinLayout layout;
    std::unordered_map<std::string_view, std::size_t> row_of;
    for (const RankExtract* rank : ranks) {
        auto& rows = layout.rows.emplace_back();
        rows.reserve(rank->names.size());
        for (const auto& name : rank->names) {
            auto [it, inserted] = row_of.try_emplace(name, layout.names.size());
            if (inserted) layout.names.push_back(&name);
            rows.push_back(it->second);
        }
    }
    return layout;
}

report::Table joined_table(const std::vector<const RankExtract*>& ranks, const JoinLayout& layout,
                           const std::string& index) {
    report::Table table;
    table.header.push_back("NPU Name");
    for (const RankExtract* rank : ranks) table.header.push_back(fmt::format("rank{}", rank->rank));
    table.rows.resize(layout.names.size(), std::vector<report::Cell>(ranks.size() + 1));
    for (std::size_t r = 0; r < layout.names.size(); ++r) table.rows[r][0] = report::Cell(*layout.names[r]);
    for (std::size_t k = 0; k < ranks.size(); ++k) {
        const auto& values = ranks[k]->values.at(index);
        for (std::size_t i = 0; i < values.size(); ++i) table.rows[layout.rows[k][i]][k + 1] = values[i];
    }
    return table;
}

void warn_on_mixed_modes(const std::vector<const RankExtract*>& ranks) {
    for (const RankExtract* rank : ranks) {
        if (rank->mode == ranks.front()->mode) continue;
        log::warning(fmt::format("rank{} is a {} compare result but rank{} is a {} one: the values of a sheet mean "
                                 "different things for them.",
                                 ranks.front()->rank, dump_mode_name(ranks.front()->mode), rank->rank,
                                 dump_mode_name(rank->mode)));
        return;
    }
}

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
    return text;
}

// What the merge took and made: the files read, the ranks in the book (its columns), its rows and sheets.
RunSummary merge_summary(const std::vector<RankResultFile>& files, const MergeConfig& config,
                         const std::vector<report::NamedTable>& sheets, const fs::path& config_path) {
    RunSummary run;
    run.verb = "Merged";
    run.total = {files.size(), "rank result files"};
    const auto& first = sheets.front().table;
    std::vector<std::string> ranks(first.header.begin() + 1, first.header.end());
    std::vector<std::string> indices;
    for (const auto& sheet : sheets) indices.push_back(sheet.name);
    run.counts = {{ranks.size(), "ranks"}, {first.rows.size(), "rows"}, {sheets.size(), "sheets"}};
    run.notes.push_back("Ranks: " + joined(ranks));
    run.notes.push_back(fmt::format("APIs ({}): {}", config_path.string(), joined(config.apis)));
    run.notes.push_back(
        fmt::format("Sheets{}: {}", config.compare_index.empty() ? " (the mode's indices)" : "", joined(indices)));
    return run;
}

}  // namespace

std::vector<report::NamedTable> merge_rank_extracts(const std::vector<RankExtract>& ranks,
                                                    const std::vector<std::string>& configured,
                                                    const std::string& input_dir) {
    std::vector<std::string> shared = configured;
    std::vector<const RankExtract*> contributing;
    for (const auto& rank : ranks) {
        log::info(fmt::format("Parsing rank{} compare result...", rank.rank));
        if (!usable(rank, shared)) continue;
        for (const auto& api : rank.unmatched_apis) {
            log::warning(fmt::format("{} not found in rank{} compare result.", api, rank.rank));
        }
        contributing.push_back(&rank);
    }
    if (contributing.empty()) throw Error(input_dir, "Nothing to merge.");
    if (contributing.size() == 1) log::info("Only one compare result gets merge data.");
    warn_on_mixed_modes(contributing);

    const JoinLayout layout = join_layout(contributing);
    std::vector<report::NamedTable> sheets;
    for (const auto& index : shared) sheets.push_back({index, joined_table(contributing, layout, index)});
    return sheets;
}

std::vector<report::NamedTable> merge_rank_files(const std::vector<RankResultFile>& files, const MergeConfig& config,
                                                 ThreadPool& pool, const std::string& input_dir) {
    return merge_rank_extracts(extract_rank_results(files, config.apis, pool, single_process()), config.compare_index,
                               input_dir);
}

MergeOutcome merge_results(const MergeOptions& options, ThreadPool& pool, ProcessGroup& processes) {
    const auto started = std::chrono::steady_clock::now();
    auto elapsed_ms = [&] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    };
    const auto inputs = prepared_on_every_process(processes, options.input_dir.string(), [&] {
        const log::QuietScope quiet(!processes.is_first());  // the same warnings, said once
        auto found = find_rank_results(options.input_dir);
        return std::pair(std::move(found), load_merge_config(options.config_path.string()));
    });
    // Named references, not a structured binding: clang before 16 cannot capture one in a lambda.
    const auto& files = inputs.first;
    const auto& config = inputs.second;
    const auto extracts = extract_rank_results(files, config.apis, pool, processes, options.show_progress);
    // Process 0 merges and writes; a failure there fails every process.
    MergeOutcome outcome;
    fs::path& path = outcome.written;
    run_on_every_process(processes, options.output_dir.string(), [&] {
        if (!processes.is_first()) return;
        const auto sheets = merge_rank_extracts(extracts, config.compare_index, options.input_dir.string());
        outcome.run = merge_summary(files, config, sheets, options.config_path);
        log::debug(fmt::format("{} rank results read and merged at {:.0f} ms", files.size(), elapsed_ms()));
        report::check_output_dir(options.output_dir);
        path = report::write_atomically(
            options.output_dir / fmt::format("multi_ranks_compare_merge_{}.xlsx", local_timestamp()),
            [&](const fs::path& temp) { report::write_xlsx_sheets(sheets, temp, &pool); });
        log::debug(fmt::format("merged book written at {:.0f} ms", elapsed_ms()));
        log::info(fmt::format("The compare results of the multi-ranks are merged and saved in: {}.", path.string()));
        outcome.run.written = {path};
    });
    return outcome;
}

}  // namespace msprobe::merge
