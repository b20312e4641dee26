#pragma once
// A multi-rank dump with one planted overflow, for overflow_check: the
// synthetic model (synthetic_model.hpp) run on every rank, and at one rank
// one element of one fc2 output replaced by +inf, -inf or NaN. The model's
// own arithmetic carries it downstream (dropout and the residual add
// propagate it; clamp turns an inf into a finite value, a NaN goes on), and
// the generator records which entries really hold non-finite values.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "support/dump_generator.hpp"

namespace msprobe::testing {

struct OverflowDumpOptions {
    std::filesystem::path out;  // receives npu/step0/rank0..N-1 (and a clean bench/ twin)
    int ranks = 4;
    int planted_rank = 1;
    double planted_at = 0.5;    // fraction of the run, as NpuDifferences positions
    float planted_value = std::numeric_limits<float>::infinity();
    DumpTask task = DumpTask::Statistics;
    int apis = 120;
    std::uint64_t seed = 0;
};

// What an overflow check of one rank must report, from the generated values.
struct ExpectedOverflow {
    std::string origin;                   // empty on a clean rank
    std::vector<std::string> propagated;  // non-finite inputs and output, call order
    std::vector<std::string> absorbed;    // non-finite inputs, finite output
};

struct PlantedOverflow {
    std::filesystem::path step_dir;  // <out>/npu/step0
    std::filesystem::path clean_step_dir;  // <out>/bench/step0: the same run without the overflow
    std::vector<std::filesystem::path> rank_dirs;
    std::string planted;             // the entry holding the planted value
    std::vector<ExpectedOverflow> expected;  // per rank
};

// The DumpPairOptions that plant the overflow (no other npu/bench difference).
DumpPairOptions overflow_dump_pair_options(const OverflowDumpOptions& options);

// The expectations per rank from the generator's record of non-finite data.
std::vector<ExpectedOverflow> expected_overflows(const DifferenceSites& sites);

PlantedOverflow generate_overflow_dump(const OverflowDumpOptions& options);

}  // namespace msprobe::testing
