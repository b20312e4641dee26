#pragma once
// Pairs every NPU row with its bench row(s): same name and same shape text,
// then compatible dtypes. Output follows NPU order; bench rows nobody matched
// are dropped, as msprobe does.
#include <cstdint>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::compare {

struct RowPair {
    std::uint32_t npu;
    std::int64_t bench;  // index into the bench rows, or kNoBench
};
inline constexpr std::int64_t kNoBench = -1;

std::vector<RowPair> match_rows(const dump::DumpFile& npu, const dump::DumpFile& bench);

// msprobe's dtype compatibility (§4.5), including the MindSpore-vs-PyTorch normalisation.
bool dtypes_compatible(const std::string& npu_dtype, const std::string& bench_dtype, bool cross_framework);

}  // namespace msprobe::compare
