#include "compare/august_match_plan.hpp"

#include "compare/august_compare_keys.hpp"
#include "mapping/compare_keys.hpp"

namespace msprobe::compare {

MatchPlan august_match_plan(const dump::DumpFile& npu, const dump::DumpFile& bench, const AugustOptions& options) {
    MatchPlan plan;
    // -fm pairs by names without call numbers: renumbering would change nothing.
    std::vector<std::string> npu_names;
    if (!options.fuzzy_match) {
        npu_names = august_compare_keys(npu);
        plan.bench_keys = august_compare_keys(bench);
    }
    mapping::KeyContext context;
    context.mindspore = npu.framework == "mindspore";
    context.cell_mapping_any_framework = true;
    context.cell_rules.replace_contained_keys = true;
    if (!options.strict_compat) {
        if (!npu_names.empty()) context.npu_names = &npu_names;
        context.cell_rules.leading_cell_only = true;
    }
    // -lm's generated mapping names rows as they are written, not by their
    // renumbered keys: it is not applied to the August table.
    mapping::MappingOptions flags = options.mapping;
    flags.layer_mapping.reset();
    mapping::CompareKeys keys = mapping::npu_compare_keys(npu, bench, flags, context);
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
    return plan;
}

}  // namespace msprobe::compare
