#include "graph/graph_job.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/left_to_exit.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "common/progress.hpp"
#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "dump/dump_entry_stream.hpp"
#include "graph/communication_matching.hpp"
#include "graph/graph_builder.hpp"
#include "graph/graph_compare_mode.hpp"
#include "graph/graph_html_report.hpp"
#include "graph/graph_legend.hpp"
#include "graph/graph_summary.hpp"
#include "graph/layer_map.hpp"
#include "graph/merged_dump_files.hpp"
#include "graph/micro_steps.hpp"
#include "graph/node_matching.hpp"
#include "graph/overflow_levels.hpp"
#include "graph/pair_comparison.hpp"
#include "graph/parallel_merge_job.hpp"
#include "graph/precision_index.hpp"
#include "graph/run_input.hpp"
#include "graph/run_layout.hpp"
#include "graph/verdict_legend.hpp"
#include "graph/vis_db_writer.hpp"
#include "report/output_file.hpp"

namespace msprobe::graph {

namespace fs = std::filesystem;

namespace {

// The graphs of one (step, rank): the NPU graph, and the Bench graph of a compare.
struct RankResult {
    int rank = 0;
    ModelGraph npu;
    std::optional<ModelGraph> bench;
    // The compare's mode, nullopt for structure-only dumps; unused in a build.
    std::optional<compare::CompareMode> mode = std::nullopt;
};

MatchKind match_kind(const GraphOptions& options) {
    if (options.fuzzy_match) return MatchKind::Fuzzy;  // msprobe checks -f before -lm
    if (options.layer_mapping) return MatchKind::LayerMapping;
    return MatchKind::Default;
}

RankResult build_rank(const fs::path& folder, int rank, const GraphOptions& options) {
    RankFolder files;
    {
        dump::DumpReadingProgress reading({folder / "dump.json"}, options.show_progress);
        files = read_rank_folder(folder, record_rules(options), &reading);
    }
    RankResult result{rank, build_graph(files, options.strict_compat, options.behaviour.build), std::nullopt};
    assign_micro_steps(result.npu, files.megatron_micro_steps);
    if (options.overflow_check) attach_overflow_levels(result.npu, folder / "dump.json");
    return result;
}

RankResult compare_rank(const fs::path& npu_folder, const fs::path& bench_folder, int rank, const GraphOptions& options,
                        ThreadPool& pool) {
    // The two sides are read and built at once; an NPU error is still the one reported first.
    std::optional<RankFolder> bench_read;
    std::optional<ModelGraph> bench_graph;
    // One line for both files, which are read at once; it ends before the next line begins.
    std::optional<dump::DumpReadingProgress> reading(
        std::in_place, {npu_folder / "dump.json", bench_folder / "dump.json"}, options.show_progress);
    ThreadPool::Task bench_side = pool.start([&] {
        bench_read.emplace(read_rank_folder(bench_folder, record_rules(options), &*reading));
        bench_graph.emplace(build_graph(*bench_read, options.strict_compat, options.behaviour.build));
    });
    RankFolder npu_files = read_rank_folder(npu_folder, record_rules(options), &*reading);
    ModelGraph npu_graph = build_graph(npu_files, options.strict_compat, options.behaviour.build);
    bench_side.wait();
    reading.reset();
    const RankFolder& bench_files = *bench_read;
    RankResult result{rank, std::move(npu_graph), std::move(bench_graph)};
    result.mode = detect_graph_compare_mode(npu_files, bench_files, options.layer_mapping);
    ModelGraph& npu = result.npu;
    ModelGraph& bench = *result.bench;
    const GraphBehaviour& behaviour = options.behaviour;
    const MatchKind kind = match_kind(options);
    const auto pairs =
        match_nodes(npu, bench, kind,
                    kind == MatchKind::LayerMapping
                        ? layer_map(npu_folder, bench_folder, options.layer_mapping_file, *options.mapping_files)
                        : std::unordered_map<std::string, std::string>{},
                    behaviour.match_item_shapes);
    const bool collections_first =
        options.strict_compat && result.mode == compare::CompareMode::All && behaviour.collections_indexed_first;
    const IndexKind index = behaviour.comparison.index;
    if (collections_first) assign_collection_precision(npu, result.mode, index);
    compare_node_pairs(pairs, result.mode, npu_files, bench_files, options.strict_compat, behaviour.comparison, pool);
    if (!collections_first) assign_collection_precision(npu, result.mode, index);
    assign_micro_steps(npu, npu_files.megatron_micro_steps);
    assign_bench_micro_steps(npu, bench, bench_files.megatron_micro_steps, options.strict_compat);
    if (options.overflow_check) {
        attach_overflow_levels(npu, npu_folder / "dump.json");
        attach_overflow_levels(bench, bench_folder / "dump.json");
    }
    return result;
}

// The common part of two sides' folders: steps, and ranks within each step. A
// proc<number> folder pairs only with another (msprobe uses them only when
// neither side has rank folders). A parallel merge keeps each side's ranks:
// the sides may have different layouts, their merged graphs are paired.
RunFolders shared_folders(const RunFolders& npu, const RunFolders& bench, const fs::path& input, bool each_side_ranks) {
    RunFolders shared;
    for (const auto& [step, ranks] : npu) {
        const auto other = bench.find(step);
        if (other == bench.end()) continue;
        if (each_side_ranks) {
            shared[step] = ranks;
            continue;
        }
        for (const auto& [rank, folder] : ranks) {
            const auto partner = other->second.find(rank);
            if (partner != other->second.end() && is_process_folder(folder) == is_process_folder(partner->second)) {
                shared[step][rank] = folder;
            }
        }
        if (shared[step].empty()) throw Error(input.string(), "npu_path and bench_path have no rank in common");
    }
    if (shared.empty()) throw Error(input.string(), "npu_path and bench_path have no step in common");
    return shared;
}

ConfigRow config_row(const ExportedGraphs& first, const std::vector<int>& ranks, const std::vector<int>& steps,
                     const GraphOptions& options) {
    ConfigRow config;
    config.micro_steps = first.npu->micro_steps;
    config.overflow_check = options.overflow_check;
    config.rank_list = ranks;
    config.step_list = steps;
    if (first.bench != nullptr) {
        config.graph_type = "compare";
        config.task = std::string(task_name(first.mode));
        config.tool_tip = tool_tip_json(first.mode);
        config.node_colors = options.behaviour.comparison.index == IndexKind::Verdict
                                 ? verdict_node_colors_json(first.mode)
                                 : node_colors_json(first.mode);
    } else {
        config.graph_type = "build";
    }
    return config;
}

// Each side's layout counts that side's rank folders of a step (spec §8.1), checked before anything is built.
void check_parallel_merge(const RunInput& input, const RunFolders& npu, const RunFolders& bench, const fs::path& file) {
    const auto check = [&](const ParallelParams& params, const std::map<int, fs::path>& ranks, const fs::path& side,
                           const char* entry) {
        if (static_cast<int>(ranks.size()) == params.rank_size) return;
        // The folder holding the rank folders: the side's folder or its step folder.
        const fs::path where =
            ranks.size() == 1 && ranks.begin()->second == side ? side : ranks.begin()->second.parent_path();
        throw Error(file.string(), fmt::format("parallel_merge{}: 'rank_size' is {}, but {} has {} rank folders", entry,
                                               params.rank_size, printable(where.string()), ranks.size()));
    };
    if (!input.npu_parallel) return;
    for (const auto& [step, ranks] : npu) {
        check(*input.npu_parallel, ranks, input.npu_path, "");
        if (input.bench_parallel) check(*input.bench_parallel, bench.at(step), *input.bench_path, ".bench");
    }
}

// The graphs of one step, built: one per rank, or per parallel group of a merge.
struct StepGraphs {
    int step = 0;
    std::vector<RankResult> results;
    std::unique_ptr<MergedStep> merged;  // a merge exports one graph per parallel group

    std::vector<ExportedGraphs> exported() const {
        if (merged) return merged->exported();
        std::vector<ExportedGraphs> graphs;
        for (const RankResult& result : results) {
            graphs.push_back({&result.npu, result.bench ? &*result.bench : nullptr, result.rank, result.mode});
        }
        return graphs;
    }
};

// What frees the items of `graph`, one of `built`'s rank or merged graphs, as its rows are written.
std::function<void(std::span<const GraphNode* const>)> item_release(StepGraphs& built, const ModelGraph* graph) {
    ModelGraph* owned = built.merged ? built.merged->owned(graph) : nullptr;
    for (RankResult& result : built.results) {
        if (graph == &result.npu) owned = &result.npu;
        if (result.bench && graph == &*result.bench) owned = &*result.bench;
    }
    if (owned == nullptr) return {};
    return [owned](std::span<const GraphNode* const> written) {
        for (const GraphNode* node : written) owned->release_items(*node);
    };
}

// `ranks_built` counts the ranks as they are built.
StepGraphs build_step(int step, const std::map<int, fs::path>& ranks, const RunFolders& bench, const RunInput& input,
                      const GraphOptions& options, ThreadPool& pool, Progress& ranks_built) {
    StepGraphs built{step, {}, nullptr};
    if (input.npu_parallel) {
        built.merged =
            std::make_unique<MergedStep>(ranks, input.bench_path ? &bench.at(step) : nullptr, input, options, pool);
        ranks_built.advance(static_cast<std::int64_t>(ranks.size()));
        return built;
    }
    for (const auto& [rank, folder] : ranks) {
        built.results.push_back(input.bench_path ? compare_rank(folder, bench.at(step).at(rank), rank, options, pool)
                                                 : build_rank(folder, rank, options));
        ranks_built.advance();
    }
    if (built.results.size() > 1) {
        std::map<int, ModelGraph*> npu_graphs, bench_graphs;
        for (RankResult& result : built.results) {
            npu_graphs[result.rank] = &result.npu;
            if (result.bench) bench_graphs[result.rank] = &*result.bench;
        }
        const CommunicationRules& rules = options.behaviour.communication;
        for (const auto* graphs : {&npu_graphs, &bench_graphs}) {
            if (!graphs->empty()) match_communications(*graphs, options.overflow_check, options.strict_compat, rules);
        }
    }
    return built;
}

// A graph's name for people: its rank, and its step when there are several.
std::string graph_label(int step, int rank, std::size_t steps) {
    const std::string rank_label = fmt::format("rank{}", rank);
    return steps > 1 ? fmt::format("step{}/{}", step, rank_label) : rank_label;
}

void write_step(StepGraphs& built, const std::vector<int>& steps, const GraphOptions& options, VisDbWriter& writer,
                std::optional<GraphHtmlReport>& html, GraphSummary& tally, ThreadPool& pool) {
    const std::vector<ExportedGraphs> exported = built.exported();
    std::vector<int> rank_list;
    for (const ExportedGraphs& graphs : exported) rank_list.push_back(graphs.rank);
    for (const ExportedGraphs& graphs : exported) {
        const bool md5 = graphs.bench && graphs.mode == compare::CompareMode::Md5;
        // Nothing reads a graph's items once its rows are written: the summary and the page read indexes.
        ExportedGraph npu{
            graphs.npu, "NPU", built.step, graphs.rank, md5, options.show_progress, item_release(built, graphs.npu)};
        const ComparisonRules& rules = options.behaviour.comparison;
        if (graphs.bench && graphs.mode && direct_comparison(*graphs.mode)) {
            // The NPU rows are written before the Bench graph's, whose items they read.
            npu.comparison_fields = [mode = *graphs.mode, strict = options.strict_compat, &rules](
                                        const GraphNode& node, std::vector<ItemFields>& inputs,
                                        std::vector<ItemFields>& outputs) {
                comparison_fields(node, mode, strict, rules, inputs, outputs);
            };
        }
        writer.add_graph(npu, pool);
        if (graphs.bench) {
            writer.add_graph({graphs.bench, "Bench", built.step, graphs.rank, md5, options.show_progress,
                              item_release(built, graphs.bench)},
                             pool);
        }
        writer.add_config(config_row(graphs, rank_list, steps, options));
        const std::string label = graph_label(built.step, graphs.rank, steps.size());
        tally.add(graphs, label);
        if (html) {
            if (graphs.bench)
                html->add_compare(*graphs.npu, graphs.mode, label);
            else
                html->add_build(*graphs.npu, label);
        }
    }
}

// The step a merge build's files go under: a step folder's number; for a
// folder of rank folders named step<n> (as msprobe reads its name), n; else 0.
int files_step(int step, const fs::path& npu_path, Layout layout) {
    if (layout != Layout::Ranks) return step;
    fs::path folder = npu_path.lexically_normal();
    if (!folder.has_filename()) folder = folder.parent_path();
    const std::string name = folder.filename().string();
    const std::string digits = name.starts_with("step") ? name.substr(4) : "";
    if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) return 0;
    return std::stoi(digits);
}

// A merge build's dump files, every merged graph's under step<n>/rank<r>,
// all put in place together once every step is written.
fs::path write_merged_dump_files(const RunInput& input, const RunFolders& npu, Layout layout,
                                 const GraphOptions& options, ThreadPool& pool, Progress& ranks_built) {
    report::StagedFiles staged(report::Existing::Replace);
    GraphSummary tally(options.behaviour.comparison.index);
    for (const auto& [step, ranks] : npu) {
        const StepGraphs built = build_step(step, ranks, RunFolders{}, input, options, pool, ranks_built);
        const int shown_step = files_step(step, input.npu_path, layout);
        for (const ExportedGraphs& graphs : built.exported()) {
            const fs::path folder =
                options.output_dir / fmt::format("step{}", shown_step) / fmt::format("rank{}", graphs.rank);
            stage_merged_dump_files(*graphs.npu, ranks.at(graphs.rank), folder, staged);
            tally.add(graphs, graph_label(shown_step, graphs.rank, npu.size()));
            log::info(fmt::format("JSON files exported to {}", printable(folder.string())));
        }
    }
    staged.commit();
    if (options.summary) *options.summary = tally.summary({options.output_dir});
    return options.output_dir;
}

// Frees `graphs` on the pool: a step's graphs are millions of allocations.
ThreadPool::Task drop_on_pool(StepGraphs graphs, ThreadPool& pool) {
    auto doomed = std::make_shared<StepGraphs>(std::move(graphs));
    return pool.start([doomed]() mutable { doomed.reset(); });
}

// The mode the umask gives a new file (msprobe's graph_visualize leaves its database so).
void apply_umask_mode(const fs::path& file) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(file.c_str(), 0644 & ~mask);  // SQLite creates its files 0644
}

}  // namespace

fs::path run_graph(const GraphOptions& given, ThreadPool& pool) {
    GraphOptions options = given;  // the progress lines are chosen once the ranks are known
    const GraphBehaviour& behaviour = options.behaviour;
    report::check_output_dir(options.output_dir);
    const RunInput input = options.run_input ? *options.run_input : read_run_input(options.input);
    std::optional<GraphHtmlReport> html;
    if (options.html) {
        // Checked before a dump is read: never the output folder, the input JSON or anything in the dump folders.
        html_report::RunPaths run{options.output_dir, {options.input, input.npu_path}};
        if (input.bench_path) run.inputs.push_back(*input.bench_path);
        if (options.layer_mapping_file) run.inputs.push_back(*options.layer_mapping_file);
        html.emplace(*options.html, behaviour.comparison.index, run);
    }
    const Layout npu_layout = classify_layout(input.npu_path, behaviour.run_folders);
    RunFolders npu = run_folders(input.npu_path, npu_layout, behaviour.run_folders);
    RunFolders bench;
    if (input.bench_path) {
        if (classify_layout(*input.bench_path, behaviour.run_folders) != npu_layout) {
            throw Error(options.input.string(), "the folders of npu_path and bench_path have different layouts");
        }
        bench = run_folders(*input.bench_path, npu_layout, behaviour.run_folders);
        npu = shared_folders(npu, bench, options.input, input.npu_parallel.has_value());
    }
    // Several ranks: one line counts them. One rank: its nodes compared and written, each on a line.
    std::int64_t rank_count = 0;
    for (const auto& [step, ranks] : npu) rank_count += static_cast<std::int64_t>(ranks.size());
    Progress ranks_built("Building graphs", rank_count, given.show_progress && rank_count > 1, "ranks");
    options.show_progress = given.show_progress && rank_count == 1;
    options.behaviour.comparison.show_progress = options.show_progress;
    if (options.merged_dump_files) {
        // Dump files are written of a merge build of rank folders only.
        if (!input.npu_parallel || input.bench_path) {
            throw Error(options.input.string(), "merged dump files are written of a parallel merge build only");
        }
        if (npu_layout == Layout::Files) {
            throw Error(options.input.string(),
                        "You have specified the \"--rank_size\" parameter for data merging, "
                        "so the \"-tp\" parameter must pass in multiple rank data.");
        }
        check_parallel_merge(input, npu, bench, options.input);
        return write_merged_dump_files(input, npu, npu_layout, options, pool, ranks_built);
    }
    check_parallel_merge(input, npu, bench, options.input);
    const std::string stem = input.bench_path ? "compare_" : "build_";
    const fs::path db_path = options.output_dir / (stem + local_timestamp() + ".vis.db");

    std::vector<int> steps;
    for (const auto& [step, ranks] : npu) steps.push_back(step);
    // The first step's graphs stand before anything is staged, so that bad
    // input found there leaves no folder behind, even for a moment.
    auto next = npu.begin();
    StepGraphs first = build_step(next->first, next->second, bench, input, options, pool, ranks_built);
    // The database and the page appear together under their final names, or
    // not at all; a database of the same name another run wrote is kept.
    report::StagedFiles staged(report::Existing::KeepBoth);
    GraphSummary tally(behaviour.comparison.index);
    staged.stage(db_path, [&](const fs::path& temp) {
        VisDbWriter writer(temp, db_path.string(), behaviour.database,
                           options.strict_compat ? std::numeric_limits<std::size_t>::max() : kMatchedLinkEntries);
        write_step(first, steps, options, writer, html, tally, pool);
        // A step's graphs are freed on the pool while the next step is read, or the indexes written; the last
        // step's are left to the process's exit when the caller ends it next.
        std::vector<ThreadPool::Task> drops;
        const auto release = [&](StepGraphs graphs) {
            if (std::next(next) == npu.end() && !options.free_last_graphs)
                leave_to_exit(std::move(graphs));
            else
                drops.push_back(drop_on_pool(std::move(graphs), pool));
        };
        release(std::move(first));
        while (++next != npu.end()) {
            StepGraphs built = build_step(next->first, next->second, bench, input, options, pool, ranks_built);
            write_step(built, steps, options, writer, html, tally, pool);
            release(std::move(built));
        }
        writer.finish(pool);
        for (ThreadPool::Task& drop : drops) drop.wait();
    });
    if (html) html->stage(staged);
    staged.commit();
    const fs::path written = staged.placed(db_path);
    if (behaviour.database_mode_from_umask) apply_umask_mode(written);
    std::vector<fs::path> files{written};
    if (html) {
        const fs::path page = fs::absolute(staged.placed(*options.html));
        log::info(fmt::format("The HTML report is saved in: {}", printable(page.string())));
        files.push_back(staged.placed(*options.html));
    }
    if (options.summary) *options.summary = tally.summary(files);
    return written;
}

}  // namespace msprobe::graph
