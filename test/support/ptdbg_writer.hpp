#pragma once
// Writes the legacy layouts the compare still reads (spec formats.md §12, §14):
//
//   <out>/npu/ptdbg_dump_v2.0/rank<R>/[api_stack_]dump.pkl + [api_stack_]dump/*.npy   ptdbg_ascend 2.x
//   <out>/bench/ptdbg_dump_v2.0/rank<R>/...
//   <out>/compare_ptdbg.json              the four-path compare.json of rank 0
//   <out>/compare_ptdbg_distributed.json  npu_path/bench_path = the two <tag>_<version> folders
//   <out>/msprobe_rank0_20230911170521/{npu,cpu}/*.npy                                 online dispatch
//   <out>/compare_dispatch.json           npu_path = .../npu, bench_path = .../cpu
//
// The tensors are small and hand-chosen so tests can state every cell; the
// planted differences are listed on LegacyPair below.
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

struct LegacyPairOptions {
    std::filesystem::path out;
    int ranks = 1;
    bool stack = false;      // api_stack_ dumps with a stack record after each call
    bool perturb = true;     // false: npu equals bench everywhere (and no npu-only call)
};

struct LegacyPair {
    std::filesystem::path ptdbg_compare_json;
    std::filesystem::path ptdbg_distributed_json;
    std::filesystem::path dispatch_compare_json;
    std::filesystem::path npu_rank0;    // rank folder holding the npu pkl
    std::filesystem::path bench_rank0;
    std::filesystem::path dispatch_run;  // msprobe_rank0_<ts>
    // ptdbg: Torch_relu_0_forward_output differs ([1,0,3,0.5] vs [1,0,3,0]),
    // Tensor_add_0_forward_output by 0.01 in one element, Functional_conv2d_0's
    // output has another shape, NPU_npu_format_cast_0 exists only on the npu,
    // Tensor_contiguous_0 only on the bench.
    // dispatch: native_batch_norm_backward_10_output.0 has flipped signs,
    // matmul_1_output is off by 2 in one element.
    std::string perturbed_ptdbg_row = "Torch_relu_0_forward_output";
    std::string perturbed_dispatch_row = "native_batch_norm_backward_10_output.0";
};

// Throws msprobe::Error on I/O failure.
LegacyPair write_legacy_pair(const LegacyPairOptions& options);

}  // namespace msprobe::testing
