#include "torchair_compare/torchair_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <variant>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"
#include "common/timestamps.hpp"
#include "torchair_compare/fx_dump_index.hpp"
#include "torchair_compare/fx_pairing.hpp"
#include "torchair_compare/ge_dump_index.hpp"
#include "torchair_compare/ge_graph.hpp"
#include "torchair_compare/graph_files.hpp"
#include "torchair_compare/rank_folders.hpp"
#include "torchair_compare/report_csv.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;

namespace {

constexpr double kCosineCriterion = 0.99;
constexpr double kRelativeErrorCriterion = 0.01;

fs::path existing_folder(const fs::path& path, const char* what) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), fmt::format("the {} does not exist", what));
    const fs::path real = fs::canonical(path);
    if (!fs::is_directory(real)) throw Error(path.string(), fmt::format("the {} is not a folder", what));
    return real;
}

Error no_graph(const fs::path& target) {
    return Error(target.string(), "Can not get ge graph, Please check whether the input path contains graph.");
}

// The golden side of one graph: the FX group or the GE group of its index.
struct GoldenGroups {
    std::vector<FxDumpGroup> fx;
    std::vector<GeDumpGroup> ge;
    bool is_fx() const { return !fx.empty(); }
    std::size_t size() const { return is_fx() ? fx.size() : ge.size(); }
};

using FxOps = std::unordered_map<std::string, FxOpFiles>;

// One GE op of one token, compared on the pool.
struct OpTask {
    std::int64_t token;
    const std::string* op_name;
    const fs::path* my_file;
    const TokenDumps* my_token;
    std::variant<const FxOps*, const TokenDumps*> golden_token;
};

std::vector<OpTask> graph_tasks(const GeGraph& graph, const GeDumpGroup& mine, const GoldenGroups& golden,
                                std::size_t index) {
    std::vector<OpTask> tasks;
    for (const auto& [token, dumps] : mine.tokens) {
        std::variant<const FxOps*, const TokenDumps*> golden_token;
        if (golden.is_fx()) {
            golden_token = golden.fx[index].find(token);
        } else {
            golden_token = golden.ge[index].find(token);
        }
        if (std::visit([](const auto* found) { return found == nullptr; }, golden_token)) {
            log::warning(fmt::format("My token_id {} not found in golden dump data", token));
            continue;
        }
        // The ops in graph order (sort_ge_dump_data): ops the graph lacks first, each group in file order.
        std::vector<const std::pair<std::string, fs::path>*> ops;
        for (const auto& op : dumps.ops()) ops.push_back(&op);
        std::stable_sort(ops.begin(), ops.end(), [&](const auto* a, const auto* b) {
            return graph.position(a->first) < graph.position(b->first);
        });
        for (const auto* op : ops) tasks.push_back({token, &op->first, &op->second, &dumps, golden_token});
    }
    return tasks;
}

std::vector<CompareRow> graph_rows(const GeGraph& graph, const GeDumpGroup& mine, const GoldenGroups& golden,
                                   std::size_t index, GoldenPathCells path_cells, std::size_t& data_id,
                                   ThreadPool& pool, bool show_progress) {
    const std::vector<OpTask> tasks = graph_tasks(graph, mine, golden, index);
    std::vector<OpRows> results(tasks.size());
    Progress progress("Comparing ops", static_cast<std::int64_t>(tasks.size()), show_progress, "ops");
    pool.parallel_for(static_cast<std::int64_t>(tasks.size()), [&](std::int64_t k) {
        const OpTask& task = tasks[static_cast<std::size_t>(k)];
        if (const auto* fx = std::get_if<const FxOps*>(&task.golden_token)) {
            results[static_cast<std::size_t>(k)] =
                compare_op_with_fx(*task.op_name, *task.my_file, graph, *task.my_token, **fx, task.token);
        } else {
            results[static_cast<std::size_t>(k)] =
                compare_op_with_ge(*task.op_name, *task.my_file, graph, *task.my_token,
                                   *std::get<const TokenDumps*>(task.golden_token), task.token, path_cells);
        }
        progress.advance();
    });
    std::vector<CompareRow> rows;
    for (auto& result : results) {
        for (auto& row : result.rows) {
            row.data_id += data_id;
            rows.push_back(std::move(row));
        }
        data_id += result.calls;
    }
    sort_by_timestamp(rows);
    return rows;
}

void count_rows(const std::vector<const CompareRow*>& rows, TorchairCompareResult& result) {
    result.rows += rows.size();
    for (const CompareRow* row : rows) {
        if (!row->cells.reason.empty()) {
            ++result.unmeasured_rows;
            if (!result.first_unmeasured) {
                result.first_unmeasured = SummaryProblem{"error", row->my_path, "", row->cells.reason, ""};
            }
        }
        const auto& metrics = row->cells.metrics;
        if (metrics && (metrics->values[0] < kCosineCriterion || metrics->values[1] >= kRelativeErrorCriterion)) {
            ++result.below_criterion_rows;
            if (!result.first_below_criterion) {
                result.first_below_criterion =
                    SummaryProblem{"warning", row->my_path, "",
                                   fmt::format("cosine_similarity {}, max_relative_error {}", metrics->values[0],
                                               metrics->values[1]),
                                   ""};
            }
        }
    }
}

// The folder of one rank on one side, or the side's folder itself.
fs::path side_folder(const fs::path& dir, std::optional<std::int64_t> rank, const char* side) {
    if (!rank) return dir;
    const auto folder = rank_folder(dir, *rank);
    if (!folder) throw Error(dir.string(), fmt::format("Can not get {} data in rank {}", side, *rank));
    return *folder;
}

void compare_rank(const TorchairCompareRequest& request, const fs::path& target, const fs::path& golden,
                  std::optional<std::int64_t> rank, bool golden_is_fx, report::StagedFiles& staged,
                  TorchairCompareResult& result, ThreadPool& pool) {
    const fs::path golden_dir = side_folder(golden, rank, "golden");
    const fs::path my_dir = side_folder(target, rank, "my");
    const auto graph_files = ge_graph_files(target, rank);
    if (graph_files.empty()) throw no_graph(target);
    std::vector<GeGraph> graphs;
    for (const auto& file : graph_files) graphs.push_back(read_ge_graph(file));
    const auto mine = index_ge_dumps(my_dir);
    GoldenGroups golden_groups;
    if (golden_is_fx) {
        golden_groups.fx = index_fx_dumps(golden_dir, rank.has_value());
    } else {
        golden_groups.ge = index_ge_dumps(golden_dir);
    }
    for (const auto& [dir, groups] : {std::pair{my_dir, mine.size()}, std::pair{golden_dir, golden_groups.size()}}) {
        if (groups < graphs.size()) {
            throw Error(dir.string(), fmt::format("{} graph files (dynamo_original_graph_*.txt, paired with dump "
                                                  "folder groups in order) but only {} dump folder group(s) here",
                                                  graphs.size(), groups));
        }
    }
    std::size_t data_id = 0;  // msprobe's count of compared tensor pairs, across the rank's graphs
    for (std::size_t i = 0; i < graphs.size(); ++i) {
        const auto rows = graph_rows(graphs[i], mine[i], golden_groups, i, request.golden_paths, data_id, pool,
                                     request.show_progress);
        const fs::path report = request.output_dir / report_file_name(rank, utc_timestamp());
        count_rows(stage_report(staged, report, rows, request.formulas), result);
    }
}

}  // namespace

TorchairCompareResult run_torchair_compare(const TorchairCompareRequest& request, ThreadPool& pool) {
    const fs::path target = existing_folder(request.target, "target path (-tp)");
    const fs::path golden = existing_folder(request.golden, "golden path (-gp)");
    report::check_output_dir(request.output_dir);
    if (ge_graph_files(target).empty()) throw no_graph(target);
    std::vector<std::optional<std::int64_t>> ranks;
    const auto my_ranks = rank_folder_ids(target);
    if (my_ranks.empty()) {
        if (request.rank) {
            log::warning("The directory structure of torchair data is old, the rank parameter will not take effect.");
        }
        ranks.emplace_back();
    } else if (request.rank) {
        ranks.emplace_back(request.rank);
    } else {
        const auto golden_ranks = rank_folder_ids(golden);
        for (const auto rank : my_ranks) {
            if (golden_ranks.count(rank) != 0) ranks.emplace_back(rank);
        }
        if (ranks.empty()) {
            throw Error(golden.string(),
                        fmt::format("No common rank data in golden_path and my_path. my_path: {}", target.string()));
        }
    }
    const bool golden_is_fx = ge_graph_files(golden).empty();
    log::info(golden_is_fx ? "Comparing GE with FX" : "Comparing GE with GE");
    report::StagedFiles staged(request.taken_names);
    TorchairCompareResult result;
    for (const auto& rank : ranks) compare_rank(request, target, golden, rank, golden_is_fx, staged, result, pool);
    result.written = staged.commit();
    return result;
}

}  // namespace msprobe::torchair_compare
