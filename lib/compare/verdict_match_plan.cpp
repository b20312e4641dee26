#include "compare/verdict_match_plan.hpp"

#include <string_view>
#include <unordered_map>

#include "compare/occurrence_keys.hpp"
#include "mapping/compare_keys.hpp"

namespace msprobe::compare {

namespace {

// Each key that is the written name of a bench row becomes that row's compare key.
void to_bench_keys(std::vector<std::string>& keys, const dump::DumpFile& bench,
                   const std::vector<std::string>& bench_keys) {
    std::unordered_map<std::string_view, std::size_t> row_named;
    row_named.reserve(bench.rows.size());
    for (std::size_t i = 0; i < bench.rows.size(); ++i) row_named.try_emplace(bench.rows[i].name, i);
    for (auto& key : keys) {
        if (const auto it = row_named.find(key); it != row_named.end()) key = bench_keys[it->second];
    }
}

}  // namespace

VerdictMatch verdict_match_plan(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                const VerdictTableOptions& options) {
    VerdictMatch out;
    MatchPlan& plan = out.plan;
    // -fm pairs by names without call numbers: renumbering would change nothing.
    std::vector<std::string> npu_names;
    if (!options.fuzzy_match) {
        npu_names = occurrence_compare_keys(npu);
        plan.bench_keys = occurrence_compare_keys(bench);
    }
    mapping::KeyContext context;
    context.mindspore = dump::is_mindspore_framework(npu.framework);
    context.cell_mapping_any_framework = true;
    context.cell_rules.replace_contained_keys = true;
    if (!options.strict_compat) {
        if (!npu_names.empty()) context.npu_names = &npu_names;
        context.cell_rules.leading_cell_only = true;
    }
    // -lm replaces -dm; when it generates nothing, neither applies.
    const bool layer_mapping = options.mapping.layer_mapping && context.mindspore;
    mapping::MappingOptions flags = options.mapping;
    if (layer_mapping) {
        flags.layer_mapping.reset();
        flags.data_mapping.reset();
    }
    mapping::CompareKeys keys = mapping::npu_compare_keys(npu, bench, flags, context);
    if (layer_mapping) {
        mapping::KeyContext written = context;
        written.npu_names = nullptr;  // the generated mapping's names are the written ones
        mapping::CompareKeys generated = mapping::npu_compare_keys(npu, bench, options.mapping, written);
        out.generated_mapping_yaml = std::move(generated.generated_mapping_yaml);
        const bool generated_any = generated.join_on_key_only;  // an empty mapping leaves the ordinary join
        if (generated_any && options.strict_compat) {
            keys = std::move(generated);
        } else if (generated_any) {
            keys.join_on_key_only = true;
            // -am and -cm still make the keys (renumbered above); else the generated mapping does.
            if (!options.mapping.api_mapping && !options.mapping.cell_mapping) {
                keys.npu_keys = std::move(generated.npu_keys);
                if (!plan.bench_keys.empty()) to_bench_keys(keys.npu_keys, bench, plan.bench_keys);
            }
        }
    }
    plan.npu_keys = keys.npu_keys.empty() ? std::move(npu_names) : std::move(keys.npu_keys);
    if (keys.join_on_key_only) {
        plan.strategy = MatchStrategy::DataMapping;
    } else if (options.fuzzy_match) {
        plan.strategy = MatchStrategy::Fuzzy;
        plan.fuzzy_compares_shapes = false;
        plan.keep_unpushed_npu_rows = !options.strict_compat;
    } else {
        plan.strategy = MatchStrategy::KeyThenDtype;
    }
    return out;
}

}  // namespace msprobe::compare
