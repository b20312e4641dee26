#include "graph/pair_comparison.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <span>
#include <stdexcept>

#include "common/progress.hpp"
#include "compare/compare_mode.hpp"
#include "compare/real_data_table.hpp"
#include "compare/summary_table.hpp"
#include "compare/verdict_rules.hpp"
#include "graph/item_text.hpp"
#include "graph/precision_index.hpp"
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

    // The node's items; the vectors keep their room from node to node.
    void fill(const GraphNode& node) {
        all.clear();
        for (auto& group : groups) group.clear();
        for (const auto* map : {&node.inputs, &node.outputs}) {
            for (const PortItem& item : *map) {
                all.push_back(&item);
                groups[group_of(item.row().state())].push_back(&item);
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

// The row compare sees for position k of a group, unpacked into `unpacked`:
// the group's own k-th item. msprobe (strict_compat) names it (with
// statistics) by the item at the misaligned name position and types it
// (dtype, shape, digest) by the group's k-th item; the two differ only when a
// node has both parameters and outputs, and only md5 results show it.
const dump::DumpRow* compared_row(const SideItems& side, Group group, std::size_t k, bool strict_compat,
                                  std::deque<dump::DumpRow>& unpacked) {
    const std::size_t at = side.name_offset(group) + k;
    const PortItem& typed = *side.groups[group][k];
    const PortItem& named = strict_compat && at < side.all.size() ? *side.all[at] : typed;
    dump::DumpRow& row = unpacked.emplace_back(named.unpacked_row());
    if (&named != &typed) {
        dump::DumpRow types = typed.unpacked_row();
        row.dtype = types.dtype;
        row.shape = types.shape;
        row.md5 = std::move(types.md5);
    }
    return &row;
}

// The rows of a chunk's pairs.
struct PairRows {
    std::vector<const dump::DumpRow*> npu;
    std::vector<const dump::DumpRow*> bench;
    std::vector<const GraphNode*> owner;                                   // per row: the NPU node whose item it names
    std::vector<std::pair<std::string_view, std::string_view>> api_names;  // per node pair: the NPU and bench id
    std::vector<std::uint32_t> api;                                        // per row: its node pair
    std::deque<dump::DumpRow> unpacked;                                    // the rows, out of the items' packed rows
};

// The rows of `node_pairs` (NPU and bench node pointers), into `rows` (cleared; its lists keep their room).
template <typename Pairs>
void fill_rows(const Pairs& node_pairs, bool strict_compat, PairRows& rows) {
    for (auto* side : {&rows.npu, &rows.bench}) side->clear();
    rows.owner.clear();
    rows.api_names.clear();
    rows.api.clear();
    rows.unpacked.clear();
    std::size_t most = 0;
    for (const auto& [n, b] : node_pairs) {
        most += std::min(n->inputs.size() + n->outputs.size(), b->inputs.size() + b->outputs.size());
    }
    for (auto* side : {&rows.npu, &rows.bench}) side->reserve(most);
    rows.owner.reserve(most);
    rows.api.reserve(most);
    SideItems npu_items, bench_items;
    for (const auto& [n, b] : node_pairs) {
        npu_items.fill(*n);
        bench_items.fill(*b);
        const auto api = static_cast<std::uint32_t>(rows.api_names.size());
        rows.api_names.emplace_back(n->id, b->id);
        for (int g = 0; g < kGroups; ++g) {
            const Group group = static_cast<Group>(g);
            const std::size_t count = std::min(npu_items.groups[g].size(), bench_items.groups[g].size());
            for (std::size_t k = 0; k < count; ++k) {
                rows.npu.push_back(compared_row(npu_items, group, k, strict_compat, rows.unpacked));
                rows.bench.push_back(compared_row(bench_items, group, k, strict_compat, rows.unpacked));
                rows.owner.push_back(n);
                rows.api.push_back(api);
            }
        }
    }
}

// The rows as compare's tables read them: copied into two dump files, pair by pair.
struct PairFiles {
    dump::DumpFile npu;
    dump::DumpFile bench;
    std::vector<compare::RowPair> pairs;
};

PairFiles files_of(const PairRows& rows, const RankFolder& npu_folder, const RankFolder& bench_folder) {
    PairFiles files;
    files.npu.path = npu_folder.header.path;
    files.bench.path = bench_folder.header.path;
    for (const auto& [npu, bench] : rows.api_names) {
        files.npu.api_names.emplace_back(npu);
        files.bench.api_names.emplace_back(bench);
    }
    for (auto* file : {&files.npu, &files.bench}) file->rows.reserve(rows.npu.size());
    files.pairs.reserve(rows.npu.size());
    for (std::size_t r = 0; r < rows.npu.size(); ++r) {
        files.pairs.push_back({static_cast<std::uint32_t>(r), static_cast<std::int64_t>(r)});
        files.npu.rows.push_back(*rows.npu[r]);
        files.npu.rows.back().api_index = rows.api[r];
        files.bench.rows.push_back(*rows.bench[r]);
        files.bench.rows.back().api_index = rows.api[r];
    }
    return files;
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

// A row's verdict on its item: its Result replaces the copied one (md5), Err_message follows.
void add_verdict(ItemMetrics& metrics, const compare::RuleVerdict& verdict) {
    auto result = dump::StatValue::of_text(std::string(compare::level_name(verdict.level())));
    const auto copied =
        std::find_if(metrics.begin(), metrics.end(), [](const auto& metric) { return metric.first == "Result"; });
    if (copied != metrics.end())
        copied->second = std::move(result);
    else
        metrics.emplace_back("Result", std::move(result));
    metrics.emplace_back("Err_message", dump::StatValue::of_text(compare::messages_json(verdict.reasons())));
}

PrecisionIndex verdict_index_of(compare::RowLevel level) {
    switch (level) {
        case compare::RowLevel::Pass: return {0, true};
        case compare::RowLevel::Warning: return {0.5, false};
        case compare::RowLevel::Error: return {1, true};
    }
    return {0, true};
}

// The copied cells as exported fields, added to `fields`: packed, they take a third of the cells' size.
void pack_metrics(ItemFields& fields, const ItemMetrics& metrics) {
    for (const auto& [name, value] : metrics) add_stat_field(fields, name, value);
}

// Whether the rules read each row's verdict (compare's Result/Err_message rules). A verdict needs its
// node's rows as compare's table holds them: it is judged with the table, then kept on its item.
bool needs_verdicts(const ComparisonRules& rules) { return rules.index == IndexKind::Verdict || rules.item_verdicts; }

// Pairs compared at a time: the rows and the result table of one chunk are
// what a compare holds beyond the two graphs, whatever the size of the run
// (a 20 000-node graph makes 140 chunks).
constexpr std::size_t kPairsPerChunk = 128;

// The copied cells of one row: from compare's table, or (statistics and digests) from its per-row
// comparison, which fills the same cells without the rest of the table. The table also judges the rows.
class RowMetrics {
public:
    // From the per-row comparison, which `direct_comparison` allows; no verdicts.
    RowMetrics(compare::CompareMode mode, const PairRows& rows)
        : mode_(mode), rows_(rows), columns_(copied_columns(mode)) {}
    RowMetrics(compare::CompareMode mode, const PairRows& rows, const RankFolder& npu, const RankFolder& bench,
               bool strict_compat, ThreadPool& pool, const ComparisonRules& rules)
        : mode_(mode), rows_(rows), columns_(copied_columns(mode)) {
        if (direct_comparison(mode) && !needs_verdicts(rules)) return;
        from_table_ = true;
        const PairFiles files = files_of(rows, npu, bench);
        if (mode == compare::CompareMode::Summary) {
            table_ = compare::summary_table(files.npu, files.bench, files.pairs, nullptr,
                                            compare::StatisticArithmetic::Exact);
        } else if (mode == compare::CompareMode::Md5) {
            table_ = compare::md5_table(files.npu, files.bench, files.pairs, nullptr);
        } else {
            compare::RealDataOptions options;
            options.show_progress = false;
            options.tensor_postprocess = rules.tensor_postprocess;
            table_ = compare::real_data_table(files.npu, files.bench, files.pairs, nullptr, pool, options);
        }
        if (needs_verdicts(rules)) verdicts_ = compare::rule_verdicts(table_, {strict_compat});
        for (const auto& name : columns_) positions_.push_back(table_.column(name));
    }

    const std::vector<std::string>& columns() const { return columns_; }
    bool has_verdicts() const { return !verdicts_.empty(); }
    compare::RuleVerdict verdict(std::size_t row) const { return verdicts_[row]; }

    // Appends row `row`'s copied cells to an item's, in column order.
    void copy_to(ItemMetrics& metrics, std::size_t row) const {
        const auto add = [&](std::size_t c, const report::Cell& cell) {
            dump::StatValue value = stat_of(cell);
            if (mode_ == compare::CompareMode::Summary && c < kDiffColumns &&
                integer_statistics(*rows_.npu[row], *rows_.bench[row], c)) {
                value.integer = true;  // Python subtracts two ints into an int
            }
            metrics.emplace_back(columns_[c], std::move(value));
        };
        if (from_table_) {
            const auto& cells = table_.table.rows[row];
            for (std::size_t c = 0; c < columns_.size(); ++c) {
                if (positions_[c] >= 0) add(c, cells[static_cast<std::size_t>(positions_[c])]);
            }
        } else if (mode_ == compare::CompareMode::Summary) {
            const compare::StatisticsComparison compared =
                compare::compare_statistics(*rows_.npu[row], rows_.bench[row], compare::StatisticArithmetic::Exact);
            for (std::size_t i = 0; i < kDiffColumns; ++i) add(i, compared.diff[i]);
            for (std::size_t i = 0; i < kDiffColumns; ++i) add(kDiffColumns + i, compared.relative[i]);
            add(2 * kDiffColumns, report::Cell::boolean(compared.requires_grad_consistent));
        } else {
            const compare::DigestComparison compared = compare::compare_digests(*rows_.npu[row], rows_.bench[row]);
            add(0, report::Cell(compared.result));
            add(1, report::Cell::boolean(compared.requires_grad_consistent));
        }
    }

private:
    compare::CompareMode mode_;
    const PairRows& rows_;
    const std::vector<std::string>& columns_;
    bool from_table_ = false;
    compare::ResultTable table_;
    std::vector<compare::RuleVerdict> verdicts_;
    std::vector<int> positions_;
};

// A node's rows by NPU name, the first row of a name kept: sorted once, then searched.
class RowsByName {
public:
    void clear() { rows_.clear(); }
    void add(std::string_view name, std::size_t row) { rows_.emplace_back(name, row); }
    void sort() {
        std::stable_sort(rows_.begin(), rows_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    std::optional<std::size_t> find(std::string_view name) const {
        const auto at = std::lower_bound(rows_.begin(), rows_.end(), name,
                                         [](const auto& entry, std::string_view key) { return entry.first < key; });
        if (at == rows_.end() || at->first != name) return std::nullopt;
        return at->second;
    }

private:
    std::vector<std::pair<std::string_view, std::size_t>> rows_;
};

// One map of a node's items: the items, their rows by name, their copied cells.
struct Side {
    const std::vector<PortItem>* items;
    const RowsByName* rows;
    std::vector<ItemMetrics>* cells;
};

// Each NPU node of the rows with its items' cells, node by node: visit(pair, cells, found, verdicts, worst),
// `pair` the node's position in the pairs the rows were made of, found[i] whether a row names the i-th item
// (inputs first, then outputs; its cells are empty otherwise), verdicts[i] that row's verdict (from the
// metrics' table, else the one kept on the item), `worst` the node's worst (Pass unless the
// metrics judged the rows). Without `make_cells` the cells stay empty: a compare that keeps none and indexes
// nodes by verdict needs only the rows found and their verdicts.
template <typename Visit>
void for_each_node_cells(const PairRows& rows, const RowMetrics& metrics, compare::CompareMode mode,
                         const ComparisonRules& rules, bool make_cells, Visit&& visit) {
    // Rows made again as they are written are not judged again: their node has its index.
    const bool by_verdict = rules.index == IndexKind::Verdict && metrics.has_verdicts();
    thread_local RowsByName input_rows, output_rows;
    thread_local NodeMetrics cells;
    thread_local std::vector<char> found;
    thread_local std::vector<compare::RuleVerdict> verdicts;
    std::size_t row = 0;
    while (row < rows.owner.size()) {
        const GraphNode* node = rows.owner[row];
        const std::uint32_t pair = rows.api[row];
        input_rows.clear();
        output_rows.clear();
        auto worst = compare::RowLevel::Pass;
        for (; row < rows.owner.size() && rows.owner[row] == node; ++row) {
            if (by_verdict) worst = std::max(worst, metrics.verdict(row).level());
            const std::string_view name = rows.npu[row]->name;
            auto& set = name.find(".output.") != std::string_view::npos ? output_rows : input_rows;
            set.add(name, row);
        }
        input_rows.sort();
        output_rows.sort();
        found.assign(node->inputs.size() + node->outputs.size(), 0);
        verdicts.assign(found.size(), {});
        std::size_t position = 0;
        const std::array<Side, 2> sides = {Side{&node->inputs, &input_rows, &cells.inputs},
                                           Side{&node->outputs, &output_rows, &cells.outputs}};
        for (const Side& side : sides) {
            // The vectors keep their room from node to node.
            side.cells->resize(side.items->size());
            for (ItemMetrics& item_cells : *side.cells) item_cells.clear();
            for (std::size_t i = 0; i < side.items->size(); ++i, ++position) {
                const PortItem& item = (*side.items)[i];
                if (mode != compare::CompareMode::Md5 && max_is_null(item)) continue;
                const auto named = side.rows->find(item.key());
                if (!named) continue;
                found[position] = 1;
                if (make_cells) metrics.copy_to((*side.cells)[i], *named);
                if (!rules.item_verdicts) continue;
                verdicts[position] = metrics.has_verdicts() ? metrics.verdict(*named) : item.verdict;
                if (make_cells) add_verdict((*side.cells)[i], verdicts[position]);
            }
        }
        visit(pair, cells, found, verdicts, worst);
    }
}

void compare_chunk(std::span<const NodePair> pairs, compare::CompareMode mode, const RankFolder& npu,
                   const RankFolder& bench, bool strict_compat, const ComparisonRules& rules, ThreadPool& pool) {
    thread_local PairRows rows;
    fill_rows(pairs, strict_compat && rules.misaligned_item_names, rows);
    const RowMetrics metrics(mode, rows, npu, bench, strict_compat, pool, rules);
    const bool by_verdict = rules.index == IndexKind::Verdict;
    // Cells a row's writing can make again are not kept (comparison_fields).
    const bool pack = !direct_comparison(mode);
    for_each_node_cells(rows, metrics, mode, rules, pack || !by_verdict,
                        [&](std::uint32_t pair, const NodeMetrics& cells, const std::vector<char>& found,
                            const std::vector<compare::RuleVerdict>& verdicts, compare::RowLevel worst) {
                            GraphNode& node = *pairs[pair].first;
                            std::size_t position = 0;
                            for (auto* items : {&node.inputs, &node.outputs}) {
                                for (PortItem& item : *items) {
                                    item.compared = found[position] != 0;
                                    item.verdict = verdicts[position++];
                                }
                            }
                            // Only a pair with comparison rows gets an index (the root, a module without a
                            // record, do not).
                            node.precision =
                                by_verdict ? verdict_index_of(worst) : node_precision_index(node, mode, cells);
                            if (!pack) return;
                            // Made in the thread's scratch list, then copied into the item's block.
                            thread_local ItemFields packed;
                            for (const auto& [items, item_cells] :
                                 {std::pair{&node.inputs, &cells.inputs}, std::pair{&node.outputs, &cells.outputs}}) {
                                for (std::size_t i = 0; i < items->size(); ++i) {
                                    packed.clear();
                                    pack_metrics(packed, (*item_cells)[i]);
                                    (*items)[i].append_fields(packed);
                                }
                            }
                        });
}

}  // namespace

bool direct_comparison(compare::CompareMode mode) { return mode != compare::CompareMode::All; }

void comparison_fields(const GraphNode& npu_node, compare::CompareMode mode, bool strict_compat,
                       const ComparisonRules& rules, std::vector<ItemFields>& inputs,
                       std::vector<ItemFields>& outputs) {
    if (!direct_comparison(mode)) throw std::logic_error("comparison_fields: cells kept in the items");
    inputs.resize(npu_node.inputs.size());
    outputs.resize(npu_node.outputs.size());
    for (auto* fields : {&inputs, &outputs}) {
        for (ItemFields& item_fields : *fields) item_fields.clear();
    }
    if (npu_node.partner == nullptr) return;
    thread_local PairRows rows;
    const std::array<std::pair<const GraphNode*, const GraphNode*>, 1> pair{{{&npu_node, npu_node.partner}}};
    fill_rows(pair, strict_compat && rules.misaligned_item_names, rows);
    const RowMetrics metrics(mode, rows);
    for_each_node_cells(rows, metrics, mode, rules, true,
                        [&](std::uint32_t, const NodeMetrics& cells, const std::vector<char>&,
                            const std::vector<compare::RuleVerdict>&, compare::RowLevel) {
                            for (std::size_t i = 0; i < inputs.size(); ++i) pack_metrics(inputs[i], cells.inputs[i]);
                            for (std::size_t i = 0; i < outputs.size(); ++i) {
                                pack_metrics(outputs[i], cells.outputs[i]);
                            }
                        });
}

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
