#include "kernel_dump_compare/vector_compare.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "common/progress.hpp"
#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "kernel_dump_compare/dump_folder.hpp"
#include "kernel_dump_compare/fusion_rule.hpp"
#include "kernel_dump_compare/fusion_rule_merge.hpp"
#include "kernel_dump_compare/npu_pair_rule.hpp"
#include "kernel_dump_compare/op_group_compare.hpp"
#include "kernel_dump_compare/result_csv.hpp"
#include "report/output_file.hpp"

namespace msprobe::kernel_dump_compare {

namespace fs = std::filesystem;

namespace {

void check_rule_file(const fs::path& file) {
    if (file.empty()) return;
    std::error_code ec;
    if (!fs::exists(file, ec)) throw Error(file.string(), "The path does not exist.");
    if (fs::is_directory(file, ec)) {
        throw Error(file.string(),
                    "is a folder: msaccucmp's batch compare of several models' rules is not provided; "
                    "name one fusion rule json");
    }
    if (!fs::is_regular_file(file, ec)) throw Error(file.string(), "is not a regular file");
}

// dump.py CompareData.check_arguments_valid: which rule options each pair of sides needs and refuses.
void check_scenario(const DumpFolder& mine, const DumpFolder& golden, const VectorCompareRequest& r) {
    const bool fusion = !r.fusion_rule.empty(), quant = !r.quant_rule.empty(), close = !r.close_rule.empty();
    const RuleOptionNames& names = r.option_names;
    const std::string info = fmt::format("When the left {} and the right {},", mine.data_info(), golden.data_info());
    const auto refuse = [&](const std::string& what) { throw Error(golden.path().string(), info + " " + what); };
    const std::string cannot = "this scenario cannot be compared.";
    const auto required = [&](const std::string& option) {
        return fmt::format("the {} parameter is required.", option);
    };
    const auto needless = [&](const std::string& option) {
        return fmt::format("there is no need to enter the {} parameter.", option);
    };
    switch (mine.kind()) {
        case DumpKind::Offline:
            if (golden.kind() == DumpKind::Offline) {
                if (mine.quantized() != golden.quantized()) refuse(cannot);
                if (fusion && !close) refuse(required(names.close));
                if (!fusion && close) refuse(required(names.fusion));
                if (quant) refuse(needless(names.quant));
            } else if (golden.kind() == DumpKind::Standard) {
                if (!fusion) refuse(required(names.fusion));
                if (close) refuse(needless(names.close));
                if (mine.quantized() && !quant) refuse(required(names.quant));
                if (!mine.quantized() && quant) refuse(needless(names.quant));
            } else {
                if (!mine.quantized()) refuse(cannot);
                if (!fusion) refuse(required(names.fusion));
                if (quant || close) refuse(needless(names.quant + " or " + names.close));
            }
            return;
        case DumpKind::Quant:
            if (close) refuse(needless(names.close));
            if (golden.kind() != DumpKind::Standard) refuse(cannot);
            if (!quant) refuse(required(names.quant));
            if (fusion) refuse(needless(names.fusion));
            return;
        default: refuse(cannot);
    }
}

// CompareRule.parse_fusion_rule: the rule the options name, or the one two NPU folders make.
FusionRule rule_of(const VectorCompareRequest& r, const DumpFolder& mine, const DumpFolder& golden,
                   std::vector<std::string>& warnings) {
    if (!r.fusion_rule.empty()) {
        FusionRule rule = read_fusion_rule(r.fusion_rule);
        if (!r.quant_rule.empty()) return merge_quant_rule(std::move(rule), read_fusion_rule(r.quant_rule), warnings);
        if (!r.close_rule.empty()) return merge_close_rule(std::move(rule), read_fusion_rule(r.close_rule), warnings);
        return rule;
    }
    if (!r.quant_rule.empty()) return read_fusion_rule(r.quant_rule);
    return npu_pair_rule(mine, golden);
}

}  // namespace

VectorCompareResult run_vector_compare(const VectorCompareRequest& r, ThreadPool& pool) {
    std::error_code ec;
    for (const auto& side : {r.mine, r.golden}) {
        if (!fs::exists(side, ec)) throw Error(side.string(), "The path does not exist.");
    }
    if (fs::is_regular_file(r.mine, ec) && fs::is_regular_file(r.golden, ec)) {
        throw Error(r.mine.string(),
                    "two files are compared by msaccucmp to the screen only; give the two dump folders");
    }
    for (const auto& side : {r.mine, r.golden}) {
        if (!fs::is_directory(side, ec)) throw Error(side.string(), "is not a directory");
    }
    for (const auto& rule : {r.fusion_rule, r.quant_rule, r.close_rule}) check_rule_file(rule);
    report::check_output_dir(r.output_dir);

    VectorCompareResult result;
    const bool fusion_given = !r.fusion_rule.empty();
    const DumpFolder mine(r.mine, fusion_given);
    const DumpFolder golden(r.golden, fusion_given);
    for (const auto* folder : {&mine, &golden}) {
        result.warnings.insert(result.warnings.end(), folder->warnings().begin(), folder->warnings().end());
    }
    check_scenario(mine, golden, r);
    const FusionRule rule = rule_of(r, mine, golden, result.warnings);
    const bool rules_given = fusion_given || !r.quant_rule.empty();
    const RuleSides sides{mine, golden, rule, mine.kind() == DumpKind::Quant && golden.kind() == DumpKind::Standard,
                          r.reading};

    std::vector<GroupOutcome> outcomes(rule.groups.size());
    Progress progress("Comparing ops", static_cast<std::int64_t>(rule.groups.size()), r.show_progress, "ops");
    pool.parallel_for(static_cast<std::int64_t>(rule.groups.size()), [&](std::int64_t i) {
        const FusionGroup& group = rule.groups[static_cast<std::size_t>(i)];
        outcomes[static_cast<std::size_t>(i)] =
            rules_given ? compare_fusion_group(group, sides) : compare_npu_pair(group, mine, golden, r.reading);
        progress.advance();
    });

    // utils.sort_result_file_by_index: rows stably ordered by Index. Every row carries its group's number, so
    // the groups in that order, each with its rows as made, are the sorted file.
    std::vector<std::size_t> order(outcomes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto id = [&](std::size_t g) { return rule.groups[g].ops.front().op_id; };
        return id(a) < id(b);
    });
    std::vector<ResultRow> rows;
    for (const std::size_t g : order) {
        result.matched = result.matched || outcomes[g].matched;
        for (auto& row : outcomes[g].rows) rows.push_back(std::move(row));
    }
    for (const auto& row : rows) {
        for (const auto& cell : row) {
            if (is_formula_like(cell)) {
                throw Error(r.mine.string(),
                            fmt::format("Malicious value is not allowed to be written to the csv: {}", cell));
            }
        }
    }
    result.groups = rule.groups.size();
    result.rows = rows.size();
    if (!result.matched) {
        result.code = 2;
        if (!r.keep_unmatched_result) {
            throw Error(r.golden.string(),
                        "The model does not match the dump data, please check the model and the dump data again.");
        }
    }
    const ResultColumns columns{mine.holds_npy(), golden.holds_npy()};
    report::StagedFiles staged(report::Existing::Replace);
    const fs::path target = r.output_dir / fmt::format("result_{}.csv", local_timestamp());
    staged.stage_text(target, result_csv_text(rows, columns));
    const auto placed = staged.commit();
    result.written = placed.empty() ? target : placed.front();
    return result;
}

}  // namespace msprobe::kernel_dump_compare
