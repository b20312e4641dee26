#pragma once
// msaccucmp's vector comparison of two kernel dump folders
// (vector_cmp/vector_comparison.py VectorComparison.compare), the engine of
// `compare -m offline_data` and of the parse shell's `vc` on kernel dumps.
//
//   NPU dumps vs golden .npy dumps:   the fusion rule (-fr) maps NPU ops to golden ops;
//                                     -qfr adds the quantized model's rule
//   NPU dumps vs NPU dumps:           by op name, or with -fr and -cfr (fusion on vs off)
//   quantized .npy vs original .npy:  through -qfr
//
// Writes <output>/result_<YYYYmmddHHMMSS>.csv (local time) all at once.
#include <filesystem>
#include <string>
#include <vector>

#include "kernel_dump_compare/dump_tensor.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::kernel_dump_compare {

// The spellings of the rule options in the messages a refusal prints.
struct RuleOptionNames {
    std::string fusion = "-f";
    std::string quant = "-q";
    std::string close = "-cf";
};

struct VectorCompareRequest {
    std::filesystem::path mine;                                 // the NPU dump folder
    std::filesystem::path golden;                               // the golden dump folder
    std::filesystem::path fusion_rule, quant_rule, close_rule;  // empty: not given
    std::filesystem::path output_dir;
    RuleOptionNames option_names;
    // Write the header-only result when no op matched (msaccucmp does, and returns 2) instead of refusing.
    bool keep_unmatched_result = false;
    ReadPolicy reading;  // damaged dumps refused or made rows; msaccucmp's float8 decoding
    bool show_progress = false;  // the op groups compared, on a progress line of the terminal
};

struct VectorCompareResult {
    std::filesystem::path written;  // the result file; empty when none was written
    std::size_t rows = 0;
    std::size_t groups = 0;
    bool matched = false;  // some NPU op had dump data to compare
    int code = 0;          // msaccucmp's exit status: 0, or 2 when nothing matched
    std::vector<std::string> warnings;
};

// Throws msprobe::Error(path, reason) for input msaccucmp refuses: a path that is
// not a folder, a folder without dumps or mixing kinds, a rule file of the wrong
// shape, a pair of sides and rule options that cannot be compared, and (unless
// keep_unmatched_result) two sides with no op in common.
VectorCompareResult run_vector_compare(const VectorCompareRequest& request, ThreadPool& pool);

}  // namespace msprobe::kernel_dump_compare
