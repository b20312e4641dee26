#pragma once
// compare -m torchair: a torchair run's GE dump (-tp) against its FX dump or
// another GE dump (-gp), one report per graph (torchair_acc_cmp.py:
// compare_torchair_mode, acc_compare, acc_compare_once). The kernel dumps are
// read natively: no CANN toolkit is needed.
//
//   dump folder ──► rank folders (worldsize<N>_…rank<r>) or the folder itself
//       per rank: graph files (graph_files.hpp) ── GE dump groups (ge_dump_index.hpp)
//                 golden: FX when -gp holds no graph file (fx_dump_index.hpp), else GE
//       per graph i, group i of both sides, per token of ours the golden has:
//                 its GE ops in graph order, each against FX (fx_pairing.hpp) or GE (ge_pairing.hpp)
//       rows sorted by time stamp ──► msprobe_cmp_report[_rank<r>]_<ts>.csv (report_csv.hpp)
//
// Every report is staged and appears only when the whole run succeeded.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "common/run_summary.hpp"
#include "common/thread_pool.hpp"
#include "report/csv_formula_guard.hpp"
#include "report/output_file.hpp"
#include "torchair_compare/ge_pairing.hpp"

namespace msprobe::torchair_compare {

struct TorchairCompareRequest {
    std::filesystem::path target;  // the GE dump folder (msprobe_ge_dump)
    std::filesystem::path golden;  // the FX dump folder, or another GE dump folder
    std::filesystem::path output_dir;
    // Only this rank of a dump with rank folders (ignored, with a warning, without them).
    std::optional<std::int64_t> rank;
    GoldenPathCells golden_paths = GoldenPathCells::PerTensor;
    report::FormulaCells formulas = report::FormulaCells::Guarded;
    // A report whose name is taken (a second graph, or run, in the same second).
    report::Existing taken_names = report::Existing::KeepBoth;
    bool show_progress = false;  // each graph's ops compared, on a progress line of the terminal
};

struct TorchairCompareResult {
    std::vector<std::filesystem::path> written;  // where each report went, in order
    std::size_t rows = 0;                        // rows written
    std::size_t unmeasured_rows = 0;             // rows with a cmp_fail_reason (NaN or inf, lengths that differ)
    // Rows below the real-data criterion of msprobe's torchair guide: cosine_similarity < 0.99 or
    // max_relative_error >= 0.01.
    std::size_t below_criterion_rows = 0;
    // In report order, the first row with a fail reason (an error) and the first below the criterion (a warning):
    // its my_data_path and why.
    std::optional<SummaryProblem> first_unmeasured;
    std::optional<SummaryProblem> first_below_criterion;
};

// Throws msprobe::Error naming the file or folder at fault (no graph file, no
// common rank, fewer dump groups than graphs, an unreadable dump or graph
// file); nothing is written then.
TorchairCompareResult run_torchair_compare(const TorchairCompareRequest& request, ThreadPool& pool);

}  // namespace msprobe::torchair_compare
