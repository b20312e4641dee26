#pragma once
// A MindSpore static-graph kernel dump pair written twice from the same
// tensors: as CANN kernel dump files (.bin, device layouts) and as the .npy
// files MindSpore converts them to (logical layout, NPY-mode names), so that
// the kernel compare's BIN and NPY modes can be held against each other.
//
// Every element type a .npy can hold (float16/32/64, int8..64, uint8..64,
// bool, complex64/128) plus bfloat16 (float32 in the .npy, as MindSpore saves
// it); NC1HWC0, FRACTAL_Z and FRACTAL_NZ tensors with sizes that are not
// multiples of the blocks; a repeated op (the .bin tree holds an earlier run
// too), a long name behind mapping.csv, an "sgt_graph_" prefix, an FFTS+
// auto-split op in two slices; scalar, empty, dtype- and shape-mismatched,
// inf/nan and one-sided tensors. Unless `identical`, the npu side carries
// planted differences (small noise, one scaled op, one changed integer).
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace msprobe::testing {

struct KernelBinPairOptions {
    std::filesystem::path out;
    int rank = 0;
    int step = 0;
    std::uint64_t seed = 11;
    bool identical = false;  // no planted npu/bench differences
    bool damaged = false;    // one npu .bin file loses its last bytes (its .npy twin stays whole)
};

struct KernelBinPair {
    // <out>/bin/{npu,bench} and <out>/npy/{npu,bench}: KBK trees rank_<rank>/net/0/<step>.
    std::filesystem::path bin_npu, bin_bench, npy_npu, npy_bench;
    // <out>/compare_bin.json and <out>/compare_npy.json (rank_id/step_id: all).
    std::filesystem::path bin_compare_json, npy_compare_json;
    std::filesystem::path damaged_file;  // set with `damaged`
    std::size_t tensors = 0;             // rows of the workbook
    // Per side: the .npy path of a tensor -> the BIN-mode name of the same
    // tensor (<dump file>.<input|output>.<slot>).
    std::map<std::string, std::string> npu_twins, bench_twins;
};

KernelBinPair write_kernel_bin_pair(const KernelBinPairOptions& options);

}  // namespace msprobe::testing
