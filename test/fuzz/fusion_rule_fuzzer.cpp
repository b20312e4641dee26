// ATC fusion rule json (-fr/-qfr/-cfr of compare -m offline_data): the
// reader's shape checks, grouping and quant filter, then both rule merges of
// the rule with itself, which walk every op's names and output descriptions.
#include "fuzz_file.hpp"
#include "kernel_dump_compare/fusion_rule.hpp"
#include "kernel_dump_compare/fusion_rule_merge.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("fusion_rule.json", data, size);
    fuzz::expect_result_or_error([&] {
        const auto rule = kernel_dump_compare::read_fusion_rule(path);
        std::vector<std::string> warnings;
        (void)kernel_dump_compare::merge_quant_rule(rule, rule, warnings);
        (void)kernel_dump_compare::merge_close_rule(rule, rule, warnings);
        for (const auto* op : rule.ops_by_sequence()) (void)op->is_inner_node();
        for (const auto& group : rule.groups) (void)kernel_dump_compare::relation_of(group);
    });
    return 0;
}
