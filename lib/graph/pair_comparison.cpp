#include "graph/pair_comparison.hpp"

#include <algorithm>
#include <array>
#include <span>

#include "common/progress.hpp"
#include "compare/verdict_rules.hpp"
#include "compare/real_data_table.hpp"
#include "compare/summary_table.hpp"
#include "graph/item_text.hpp"
#include "graph/precision_index.hpp"
#include "compare/compare_mode.hpp"
#include "report/cell_text.hpp"

namespace msprobe::graph {

namespace {

using dump::RowState;

enum Group { kInput, kParameters, kOutput, kParametersGrad, kGroups };

Group group_of(RowState state) {
    switch (state) {
        case RowState::Parameters: return kParameters;
        case RowState::Output: return kOutput;
        case RowState::ParametersGrad: return kParametersGrad;
        default: return kInput;
    }
}

// One side of a pair as compare's per-API routine reads it: the items in
// map order (inputs, then outputs) and, per group, the items of that group.
struct SideItems {
    std::vector<const PortItem*> all;
    std::array<std::vector<const PortItem*>, kGroups> groups;

    explicit SideItems(const GraphNode& node) {
        for (const auto* map : {&node.inputs, &node.outputs}) {
            for (const PortItem& item : *map) {
                all.push_back(&item);
                groups[group_of(item.row.state)].push_back(&item);
            }
        }
    }

    // msprobe reads row names (and statistics, requires_grad, data names)
    // assuming the order inputs, outputs, parameters, parameter gradients,
    // while the items are in map order (parameters before outputs): where the
    // group's names start in `all`.
    std::size_t name_offset(Group group) const {
        const std::size_t in = groups[kInput].size(), out = groups[kOutput].size(), par = groups[kParameters].size();
        switch (group) {
            case kInput: return 0;
            case kOutput: return in;
            case kParameters: return in + out;
            case kParametersGrad: return in + out + par;
            default: return 0;
        }
    }
};

// The row compare sees for position k of a group: the group's own k-th
// item. msprobe (strict_compat) names it (with statistics) by the item at the
// misaligned name position and types it (dtype, shape, digest) by the
// group's k-th item; the two differ only when a node has both parameters and
// outputs, and only md5 results show it.
dump::DumpRow compared_row(const SideItems& side, Group group, std::size_t k, bool strict_compat) {
    const std::size_t at = side.name_offset(group) + k;
    const PortItem& typed = *side.groups[group][k];
    const PortItem& named = strict_compat && at < side.all.size() ? *side.all[at] : typed;
    if (&named == &typed) return typed.row;
    dump::DumpRow row = named.row;
    row.dtype = typed.row.dtype;
    row.shape = typed.row.shape;
    row.md5 = typed.row.md5;
    return row;
}

struct PairRows {
    dump::DumpFile npu;
    dump::DumpFile bench;
    std::vector<compare::RowPair> pairs;
    std::vector<GraphNode*> owner;  // per row: the NPU node whose item it names
};

PairRows rows_of(std::span<const NodePair> node_pairs, const RankFolder& npu_folder, const RankFolder& bench_folder,
                 bool strict_compat) {
    PairRows rows;
    rows.npu.path = npu_folder.header.path;
    rows.bench.path = bench_folder.header.path;
    // Room for every row at once: a row moved as its vector grows costs a copy of its texts' places.
    std::size_t most = 0;
    for (const auto& [n, b] : node_pairs) {
        most += std::min(n->inputs.size() + n->outputs.size(), b->inputs.size() + b->outputs.size());
    }
    for (auto* file : {&rows.npu, &rows.bench}) file->rows.reserve(most);
    rows.pairs.reserve(most);
    rows.owner.reserve(most);
    for (const auto& [n, b] : node_pairs) {
        const SideItems npu_items(*n), bench_items(*b);
        const auto api = static_cast<std::uint32_t>(rows.npu.api_names.size());
        rows.npu.api_names.push_back(n->id);
        rows.bench.api_names.push_back(b->id);
        for (int g = 0; g < kGroups; ++g) {
            const Group group = static_cast<Group>(g);
            const std::size_t count = std::min(npu_items.groups[g].size(), bench_items.groups[g].size());
            for (std::size_t k = 0; k < count; ++k) {
                rows.pairs.push_back({static_cast<std::uint32_t>(rows.npu.rows.size()),
                                      static_cast<std::int64_t>(rows.bench.rows.size())});
                rows.npu.rows.push_back(compared_row(npu_items, group, k, strict_compat));
                rows.npu.rows.back().api_index = api;
                rows.bench.rows.push_back(compared_row(bench_items, group, k, strict_compat));
                rows.bench.rows.back().api_index = api;
                rows.owner.push_back(n);
            }
        }
    }
    return rows;
}

// The cells copied onto items: the mode's metric columns as msprobe lists them (merge_result's indices), md5's own two.
const std::vector<std::string>& copied_columns(compare::CompareMode mode) {
    static const std::vector<std::string> md5 = {"Result", "Requires_grad Consistent"};
    if (mode == compare::CompareMode::Md5) return md5;
    return compare::index_columns(mode);
}

dump::StatValue stat_of(const report::Cell& cell) {
    const report::Cell shown = report::rendered_cell(cell, report::CellRendering::Highlight);
    if (shown.is_number()) return dump::StatValue::of_number(shown.number());
    if (shown.is_bool()) return dump::StatValue::of_bool(shown.boolean_value());
    if (shown.is_text()) return dump::StatValue::of_text(std::string(shown.text()));
    return dump::StatValue::null();
}

// The summary columns "Max diff" … "L2norm diff" come first, one per statistic.
constexpr std::size_t kDiffColumns = 4;

bool integer_statistics(const dump::DumpRow& npu, const dump::DumpRow& bench, std::size_t statistic) {
    return npu.stats[statistic].integer && bench.stats[statistic].integer;
}

bool max_is_null(const PortItem& item) { return item.row.stats[0].kind == dump::StatValue::Kind::Null; }

// A row's verdict on its item: its Result replaces the copied one (md5), Err_message follows.
void add_verdict(PortItem& item, const compare::RowVerdict& verdict) {
    auto result = dump::StatValue::of_text(std::string(compare::level_name(verdict.level)));
    const auto copied = std::find_if(item.metrics.begin(), item.metrics.end(),
                                     [](const auto& metric) { return metric.first == "Result"; });
    if (copied != item.metrics.end()) copied->second = std::move(result);
    else item.metrics.emplace_back("Result", std::move(result));
    item.metrics.emplace_back("Err_message", dump::StatValue::of_text(compare::messages_json(verdict.reasons)));
}

PrecisionIndex verdict_index_of(compare::RowLevel level) {
    switch (level) {
        case compare::RowLevel::Pass: return {0, true};
        case compare::RowLevel::Warning: return {0.5, false};
        case compare::RowLevel::Error: return {1, true};
    }
    return {0, true};
}

// The copied cells as exported fields: packed, they take a third of the cells' size.
void pack_metrics(PortItem& item) {
    if (item.metrics.empty()) return;
    std::size_t bytes = 0;
    for (const auto& [name, value] : item.metrics) bytes += name.size() + 16;
    ItemFields packed(bytes);
    for (const auto& [name, value] : item.metrics) add_stat_field(packed, name, value);
    item.compared_fields = std::move(packed);
    std::vector<std::pair<std::string_view, dump::StatValue>>().swap(item.metrics);
}

// Pairs compared at a time: the rows and the result table of one chunk are
// what a compare holds beyond the two graphs, whatever the size of the run;
// small enough that the threads end together (a 20 000-node graph makes 20 chunks).
constexpr std::size_t kPairsPerChunk = 1024;

void compare_chunk(std::span<const NodePair> pairs, compare::CompareMode mode, const RankFolder& npu,
                   const RankFolder& bench, bool strict_compat, const ComparisonRules& rules, ThreadPool& pool) {
    PairRows rows = rows_of(pairs, npu, bench, strict_compat && rules.misaligned_item_names);
    compare::ResultTable table;
    if (mode == compare::CompareMode::Summary) {
        table = compare::summary_table(rows.npu, rows.bench, rows.pairs, nullptr, compare::StatisticArithmetic::Exact);
    } else if (mode == compare::CompareMode::Md5) {
        table = compare::md5_table(rows.npu, rows.bench, rows.pairs, nullptr);
    } else {
        compare::RealDataOptions options;
        options.show_progress = false;
        options.tensor_postprocess = rules.tensor_postprocess;
        table = compare::real_data_table(rows.npu, rows.bench, rows.pairs, nullptr, pool, options);
    }
    const auto& columns = copied_columns(mode);
    const bool by_verdict = rules.index == IndexKind::Verdict;
    const auto verdicts = by_verdict || rules.item_verdicts ? compare::rule_verdicts(table, {strict_compat})
                                                            : std::vector<compare::RowVerdict>{};
    std::vector<int> positions;
    for (const auto& name : columns) positions.push_back(table.column(name));

    // Per node: its rows by NPU name, output rows apart from the others.
    std::size_t row = 0;
    while (row < rows.owner.size()) {
        GraphNode* node = rows.owner[row];
        // Keyed by views of the rows' names, which outlive the maps.
        std::unordered_map<std::string_view, std::size_t> input_rows, output_rows;
        auto worst = compare::RowLevel::Pass;
        for (; row < rows.owner.size() && rows.owner[row] == node; ++row) {
            if (by_verdict) worst = std::max(worst, verdicts[row].level);
            const std::string_view name = rows.npu.rows[row].name;
            auto& set = name.find(".output.") != std::string_view::npos ? output_rows : input_rows;
            set.emplace(name, row);
        }
        for (auto [items, set] : {std::pair{&node->inputs, &input_rows}, std::pair{&node->outputs, &output_rows}}) {
            for (PortItem& item : *items) {
                if (mode != compare::CompareMode::Md5 && max_is_null(item)) continue;
                const auto found = set->find(std::string_view(item.key()));
                if (found == set->end()) continue;
                const auto& cells = table.table.rows[found->second];
                item.compared = true;
                // Exactly what is added: a vector grown by doubling holds up to twice that, on every item.
                item.metrics.reserve(item.metrics.size() + columns.size() + (rules.item_verdicts ? 2 : 0));
                for (std::size_t c = 0; c < columns.size(); ++c) {
                    if (positions[c] < 0) continue;
                    dump::StatValue value = stat_of(cells[static_cast<std::size_t>(positions[c])]);
                    if (mode == compare::CompareMode::Summary && c < kDiffColumns &&
                        integer_statistics(rows.npu.rows[found->second], rows.bench.rows[found->second], c)) {
                        value.integer = true;  // Python subtracts two ints into an int
                    }
                    item.metrics.emplace_back(columns[c], std::move(value));
                }
                if (rules.item_verdicts) add_verdict(item, verdicts[found->second]);
            }
        }
        // Only a pair with comparison rows gets an index (the root, a module without a record, do not).
        node->precision = by_verdict ? verdict_index_of(worst) : node_precision_index(*node, mode);
        for (auto* items : {&node->inputs, &node->outputs}) {
            for (PortItem& item : *items) pack_metrics(item);
        }
    }
}

}  // namespace

void compare_node_pairs(const std::vector<NodePair>& pairs, std::optional<compare::CompareMode> mode,
                        const RankFolder& npu, const RankFolder& bench, bool strict_compat,
                        const ComparisonRules& rules, ThreadPool& pool) {
    if (!mode) return;  // structure-only dumps: nothing to compare
    const std::span<const NodePair> all(pairs);
    Progress progress("Comparing nodes", static_cast<std::int64_t>(all.size()), rules.show_progress, "nodes");
    const auto chunks = static_cast<std::int64_t>((all.size() + kPairsPerChunk - 1) / kPairsPerChunk);
    auto compare_one = [&](std::int64_t k) {
        const std::size_t at = static_cast<std::size_t>(k) * kPairsPerChunk;
        const auto chunk = all.subspan(at, std::min(kPairsPerChunk, all.size() - at));
        compare_chunk(chunk, *mode, npu, bench, strict_compat, rules, pool);
        progress.advance(static_cast<std::int64_t>(chunk.size()));
    };
    // Chunks touch disjoint nodes, so statistics and md5 chunks run on the pool; a
    // real-data chunk uses the pool itself for its tensors.
    if (mode == compare::CompareMode::All) {
        for (std::int64_t k = 0; k < chunks; ++k) compare_one(k);
    } else {
        pool.parallel_for(chunks, compare_one);
    }
}

}  // namespace msprobe::graph
