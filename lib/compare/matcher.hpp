#pragma once
// Pairs every NPU row with its bench row(s) by compare key (the NPU row name,
// or what a mapping made of it) under one of msprobe's three strategies.
// Output follows NPU order; bench rows nobody matched are dropped, as msprobe does.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::compare {

struct RowPair {
    std::uint32_t npu;
    std::int64_t bench;  // index into the bench rows, or kNoBench
};
inline constexpr std::int64_t kNoBench = -1;

enum class MatchStrategy : std::uint8_t {
    Exact,        // same key and same shape text, then compatible dtypes
    Fuzzy,        // -f: keys without call counters, in dump order (fuzzy_match.hpp), then compatible dtypes
    DataMapping,  // -dm/-lm: same key only; shapes and dtypes are not checked
    KeyThenDtype, // August's join: same key only (a shape difference is flagged later), then compatible dtypes
};

struct MatchPlan {
    MatchStrategy strategy = MatchStrategy::Exact;
    std::vector<std::string> npu_keys;  // compare key of every NPU row; empty: the row names
    std::vector<std::string> bench_keys;  // the same for the bench rows (exact joins only)
    bool keep_unpushed_npu_rows = true;  // fuzzy: false loses them as msprobe does (strict compat)
    bool fuzzy_compares_shapes = true;   // fuzzy: false pairs rows of any shapes (August's -fm)
};

std::vector<RowPair> match_rows(const dump::DumpFile& npu, const dump::DumpFile& bench, const MatchPlan& plan);
inline std::vector<RowPair> match_rows(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    return match_rows(npu, bench, MatchPlan{});
}

// The fuzzy scan's pairs before the dtype gate: a row without bench is one
// the scan itself left unmatched.
std::vector<RowPair> fuzzy_candidates(const dump::DumpFile& npu, const dump::DumpFile& bench, const MatchPlan& plan);

// Unpairs (bench kNoBench) every pair whose dtypes may not be compared.
void apply_dtype_gate(std::vector<RowPair>& pairs, const dump::DumpFile& npu, const dump::DumpFile& bench);

// The bench dump is PyTorch while the NPU one is not (MindSpore against PyTorch).
bool is_cross_framework(const dump::DumpFile& npu, const dump::DumpFile& bench);
// The same from what is known of the dumps: the NPU framework, and whether the bench dump is PyTorch's.
bool is_cross_framework(std::string_view npu_framework, bool bench_is_pytorch);

// Whether two dtypes may be paired, MindSpore's spellings normalised to PyTorch's across frameworks.
bool dtypes_compatible(const std::string& npu_dtype, const std::string& bench_dtype, bool cross_framework);

}  // namespace msprobe::compare
