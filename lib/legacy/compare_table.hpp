#pragma once
// Result tables of the two legacy layouts: ptdbg_ascend
// 2.x .pkl dumps with their .npy folders, and the npu/ and cpu/ folders of
// the online dispatch compare. Cells are texts exactly as those tools' CSV
// files hold them.
#include <filesystem>

#include "common/thread_pool.hpp"
#include "compare/advisor.hpp"
#include "legacy/dispatch_folder.hpp"
#include "report/table.hpp"

namespace msprobe::legacy {

struct PtdbgInput {
    std::filesystem::path npu_pkl;
    std::filesystem::path bench_pkl;
    std::filesystem::path npu_data_dir;
    std::filesystem::path bench_data_dir;
    bool stack_mode = false;  // both pkl files must then be api_stack dumps
};

// ptdbg 2.x compare: records grouped per API call, calls matched by their
// name lists (ptdbg's queue), then Cosine/MaxAbsErr from the .npy pairs.
// Throws msprobe::Error (exit 2) for unusable input; a missing .npy file is a
// row message, as in ptdbg.
report::Table ptdbg_table(const PtdbgInput& input, ThreadPool& pool);

// Online dispatch compare of every output saved on both sides.
report::Table dispatch_table(const legacy::DispatchRun& run, ThreadPool& pool);

// ptdbg's advisor over its CSV table: the first "No" row once rows of
// batch_norm APIs are set aside; Line is the CSV line number (row index + 2).
// Throws msprobe::Error when the table lacks "NPU Name" or "Accuracy Reached or Not".
compare::Advice legacy_advise(const report::Table& table);

}  // namespace msprobe::legacy
