#pragma once
// Writes a pair of msprobe PyTorch dumps (npu and bench) of the synthetic
// model (synthetic_model.hpp), laid out exactly as msprobe's dumper does:
//
//   <out>/npu/step0/rank[N]/{dump.json, stack.json, construct.json, [dump_tensor_data/*.pt]}
//   <out>/bench/... (same)
//   <out>/compare.json, compare_step0_rank<N>.json (ranks > 0), compare_dir_step0.json
//
// Every statistic is the true one of the generated values; the run is fully
// determined by the options (seed included). The npu side departs from the
// bench side in the ways NpuDifferences lists, so a comparison has something
// to find.
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "support/dump_json_writer.hpp"

namespace msprobe::testing {

enum class DumpTask { Statistics, Tensor };
enum class SummaryMode { Statistics, Md5 };
enum class DumpLevel { L1, L0, Mix };

// Positions are fractions of the run (0 = first block, 1 = last block); a
// negative position turns that difference off.
struct NpuDifferences {
    double requires_grad_mismatch_at = 0.2;  // one fc1 output recorded with requires_grad false
    double bench_only_api_at = 0.3;          // a Tensor.contiguous call only the bench makes (not in L0)
    double perturbation_from = 0.5;          // npu weights + perturbation_scale * N(0, 1) from here on;
    double perturbation_scale = 0.05;        // gradients then differ everywhere (by 1 % noise)
    double bfloat16_from = 0.6;              // npu linear outputs in bfloat16 (autocast) in every
    int bfloat16_every = 4;                  // bfloat16_every-th block from here on
    double npu_only_api_at = 0.7;            // an NPU.npu_format_cast call only the npu makes (not in L0)
    double inf_statistic_at = 0.8;           // one +inf element in an npu fc2 output
    int inf_statistic_rank = -1;             // only at this rank (-1: every rank)
    float inf_statistic_value = std::numeric_limits<float>::infinity();  // or NaN, -inf

    static NpuDifferences none();  // both sides identical
};

struct DumpPairOptions {
    std::filesystem::path out;
    int apis = 100;  // dump.json entries per side and rank, approximately (forward, backward, module records)
    DumpTask task = DumpTask::Statistics;
    SummaryMode summary_mode = SummaryMode::Statistics;
    DumpLevel level = DumpLevel::L1;
    int ranks = 1;  // 1 writes the folder "rank", more write rank0 ... rankN-1
    std::uint64_t seed = 0;
    std::int64_t tensor_elements = 64;  // elements per activation tensor, in rows of 16
    NpuDifferences differences;
    // Tensor task: writes each tensor file (the default writes a torch-loadable .pt).
    TensorPayloadWriter write_tensor_file;
};

// Entry names (rank 0) where the differences landed; empty when off or when
// the run is too short to hold them.
struct DifferenceSites {
    std::string requires_grad_mismatch;  // the forward whose output.0 differs
    std::string bench_only_api;
    std::string npu_only_api;
    std::string first_perturbed;         // the first forward whose (weight) input differs
    std::string inf_statistic;           // the forward whose output.0 holds +inf on the npu
    std::vector<std::string> bfloat16_outputs;  // forwards whose output.0 is bfloat16 on the npu
    // Per rank, the npu forward entries whose tensor inputs / output hold a
    // non-finite value, in call order (the truth an overflow check must find).
    std::vector<std::vector<std::string>> nonfinite_inputs;
    std::vector<std::vector<std::string>> nonfinite_outputs;
};

struct GeneratedDumpPair {
    std::vector<std::filesystem::path> npu_rank_dirs;
    std::vector<std::filesystem::path> bench_rank_dirs;
    std::size_t npu_entries = 0;  // in rank 0's dump.json
    std::size_t bench_entries = 0;
    DifferenceSites sites;
};

// Throws msprobe::Error on bad options or I/O failure.
GeneratedDumpPair generate_dump_pair(const DumpPairOptions& options);

// The default TensorPayloadWriter: a .pt file torch.load reads.
void write_pt_tensor_file(const std::filesystem::path& file, const SyntheticTensor& tensor);

}  // namespace msprobe::testing
