#include "compare/compare_pair.hpp"

#include <fmt/format.h>

#include <chrono>

#include "common/error.hpp"
#include "common/log.hpp"
#include "compare/api_batch.hpp"
#include "compare/dump_pair_reading.hpp"
#include "compare/fuzzy_compat.hpp"
#include "compare/matcher.hpp"
#include "compare/real_data_table.hpp"
#include "compare/summary_table.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"
#include "mapping/compare_keys.hpp"

namespace msprobe::compare {

namespace {

ResultTable build_table(CompareMode mode, const dump::DumpFile& npu, const dump::DumpFile& bench,
                        const std::vector<RowPair>& pairs, const dump::StackFile* stack, const CompareOptions& options,
                        ThreadPool& pool) {
    switch (mode) {
        case CompareMode::Summary: return summary_table(npu, bench, pairs, stack);
        case CompareMode::Md5: return md5_table(npu, bench, pairs, stack);
        case CompareMode::All: break;
    }
    require_tensor_dirs(npu, bench);
    RealDataOptions real;
    real.strict_compat = options.strict_compat;
    real.locate = options.locate;
    real.fuzzy_match = options.fuzzy_match;
    real.show_progress = options.show_progress;
    real.progress = options.tensor_progress;
    return real_data_table(npu, bench, pairs, stack, pool, real);
}

// The mapping flags give every NPU row its compare key; they and -f choose the join.
// A mapping -lm generated is left in `generated_yaml`.
MatchPlan match_plan(const dump::DumpFile& npu, const dump::DumpFile& bench, const CompareOptions& options,
                     std::optional<std::string>& generated_yaml) {
    mapping::KeyContext context;
    context.mindspore = options.framework == Framework::MindSpore;
    mapping::CompareKeys keys = mapping::npu_compare_keys(npu, bench, options.mapping, context);
    generated_yaml = std::move(keys.generated_mapping_yaml);
    MatchPlan plan;
    plan.npu_keys = std::move(keys.npu_keys);
    plan.strategy = keys.join_on_key_only ? MatchStrategy::DataMapping
                    : options.fuzzy_match ? MatchStrategy::Fuzzy
                                          : MatchStrategy::Exact;
    plan.keep_unpushed_npu_rows = !options.strict_compat;
    return plan;
}

}  // namespace

MatchedPair match_pair(const PairInput& input, const CompareOptions& options, ThreadPool& pool) {
    const auto started = std::chrono::steady_clock::now();
    auto elapsed_ms = [&] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    };
    MatchedPair matched;
    auto files = read_dump_files(input.npu_json, input.bench_json, pool, options.show_progress);
    matched.npu = std::move(files.npu);
    matched.bench = std::move(files.bench);
    const auto& npu = matched.npu;
    const auto& bench = matched.bench;
    log::debug(fmt::format("read {} + {} rows in {:.0f} ms", npu.rows.size(), bench.rows.size(), elapsed_ms()));
    if (npu.api_names.empty()) log::warning(fmt::format("No APIs found in {}.", npu.path));

    matched.mode = detect_mode(npu, bench);
    if (input.stack_json) {
        matched.stack = std::make_shared<const dump::StackFile>(dump::StackFile::load(*input.stack_json));
    }
    const MatchPlan plan = match_plan(npu, bench, options, matched.generated_mapping_yaml);
    matched.pairs = match_rows(npu, bench, plan);
    // --strict_compat: msprobe's fuzzy path only works on tensor dumps (fuzzy_compat.hpp).
    matched.shifted_fuzzy =
        options.strict_compat && plan.strategy == MatchStrategy::Fuzzy && matched.mode != CompareMode::All;
    if (matched.shifted_fuzzy && matched.mode == CompareMode::Summary) {
        matched.pairs = shifted_fuzzy_pairs(matched.pairs, npu, bench);
    }
    log::debug(fmt::format("matched {} rows at {:.0f} ms", matched.pairs.size(), elapsed_ms()));
    return matched;
}

ResultTable result_rows(const MatchedPair& matched, std::size_t begin, std::size_t end, const CompareOptions& options,
                        ThreadPool& pool) {
    const bool whole = begin == 0 && end == matched.pairs.size();
    std::vector<RowPair> part;
    if (!whole)
        part.assign(matched.pairs.begin() + static_cast<std::ptrdiff_t>(begin),
                    matched.pairs.begin() + static_cast<std::ptrdiff_t>(end));
    const std::vector<RowPair>& pairs = whole ? matched.pairs : part;
    ResultTable table =
        build_table(matched.mode, matched.npu, matched.bench, pairs, matched.stack.get(), options, pool);
    if (matched.shifted_fuzzy) apply_shifted_fuzzy_cells(table, pairs, matched.bench);
    return table;
}

std::size_t HeldPairRows::chunk_end(std::size_t begin, std::size_t min_rows) {
    const auto& npu = matched_.npu;
    const auto api_of = [&](std::size_t r) -> const std::string& {
        return npu.api_names[npu.rows[matched_.pairs[r].npu].api_index];
    };
    const std::size_t n = matched_.pairs.size();
    std::size_t end = begin;
    while (end < n) {
        end = api_batch_end(end, n, api_of);
        if (end - begin >= min_rows) return end;
    }
    return n;
}

ResultTable compare_pair(const PairInput& input, const CompareOptions& options, ThreadPool& pool) {
    MatchedPair matched = match_pair(input, options, pool);
    ResultTable table = result_rows(matched, 0, matched.pairs.size(), options, pool);
    table.stack = std::move(matched.stack);  // reused by the run summary instead of a second parse
    table.generated_mapping_yaml = std::move(matched.generated_mapping_yaml);
    return table;
}

}  // namespace msprobe::compare
