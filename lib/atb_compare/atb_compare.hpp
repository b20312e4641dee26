#pragma once
// compare -m atb: two ATB execution-round folders
// (.../atb_dump_data/data/<device_pid>/<round>/), each with its statistic.csv,
// compared row by row into atb_<stats|tensor>_compare_result_<ts>.xlsx
// (atb_data_compare.py: compare_atb_mode).
#include <cstddef>
#include <filesystem>
#include <optional>

#include "atb_compare/statistic_csv.hpp"
#include "atb_compare/tensor_mode_cells.hpp"
#include "common/thread_pool.hpp"
#include "report/output_file.hpp"

namespace msprobe::atb {

struct AtbCompareRequest {
    std::filesystem::path target;      // -tp
    std::filesystem::path golden;      // -gp
    std::filesystem::path output_dir;  // -o
    // Two files: an msprobe::Error; false: msprobe's warning, and nothing written
    // (docs/compatibility.md row 206).
    bool refuse_two_files = true;
    // A statistic.csv without rows, or two dumps of different modes: an
    // msprobe::Error naming the csv; false: msprobe's "Unvalid ATB dump data"
    // on the log, and nothing written (row 207).
    bool refuse_unusable_dumps = true;
    RowRule rows = RowRule::Refuse;                                 // row 209
    TensorRules tensors;                                            // rows 210, 211
    report::Existing existing_result = report::Existing::KeepBoth;  // a result of the same name (row 111)
    bool show_progress = false;  // tensor mode: the rows compared, on a progress line of the terminal
};

struct AtbCompareResult {
    DumpMode mode = DumpMode::Unknown;
    std::size_t rows = 0;                          // rows compared
    std::optional<std::filesystem::path> written;  // none when nothing matched or the run gave up as msprobe does
};

// Throws msprobe::Error naming the file for bad input; the result file appears
// whole or not at all.
AtbCompareResult run_atb_compare(const AtbCompareRequest& request, ThreadPool& pool);

}  // namespace msprobe::atb
