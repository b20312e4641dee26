#include "subcommand_table.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace msprobe::cli {

namespace {

// The names both shapes give a subcommand, each spelt once for its two rows.
constexpr const char* kCompare = "compare";
constexpr const char* kOverflowCheck = "overflow_check";
constexpr const char* kMergeResult = "merge_result";
constexpr const char* kParse = "parse";
constexpr const char* kApiPrecisionCompare = "api_precision_compare";
constexpr const char* kConfigCheck = "config_check";

constexpr const char* kRunUtHelp = "Re-run the APIs of a dump on the CPU bench and judge their precision";
constexpr const char* kMultiRunUtHelp = "run_ut split over several processes, appending to one pair of result files";
constexpr const char* kMergeResultHelp =
    "Merge the per-rank compare results of a multi-rank compare into one book (a sheet per index)";
constexpr const char* kParseHelp =
    "Show dump entries and tensors: FILE --api NAME (dump.json, stack.json, ptdbg .pkl), one tensor file "
    "(.pt/.npy), two tensor files to compare, or two .npy trees (vc); no FILE on a terminal starts msprobe's "
    "interactive parse tool; -d converts CANN kernel dumps to .pt/.npy files";
constexpr const char* kConfigCheckHelp =
    "Pack a training environment's configuration (-d), compare two packs into result.xlsx (-c A.zip B.zip) or "
    "two Megatron checkpoints (-c DIR DIR); August's adds the verl hyper-parameter compare and verify (-vc, -vv)";
constexpr const char* kApiPrecisionCompareHelp =
    "Judge the precision standards of two run_ut details files (device vs trusted device)";

using enum Shape;
constexpr auto kSpread = Stage::SpreadOverProcesses;

// August's own subcommands end a run that finds bad input with exit 1, as msprobe does; the ones that are
// still April's implementations keep April's codes (merge_result, parse, api_precision_compare, and
// overflow_check, whose analysis switches to August's codes itself while its scan keeps April's).
constexpr Subcommand kTable[] = {
    {.name = kCompare, .shape = April, .add = &add_compare_command,
     .help = "Compare an NPU dump with a bench dump, API by API", .stage = kSpread},
    {.name = "diff_analyze", .shape = April, .add = &add_diff_analyze_command,
     .help = "Find the first API whose outputs differ from the bench, over all ranks (compare -da as a "
             "subcommand); writes compare_result_rank*_{timestamp}.json and diff_analyze_{ns}.json",
     .stage = kSpread},
    {.name = kOverflowCheck, .shape = April, .add = &add_overflow_check_command,
     .help = "List the APIs whose dumped data holds inf/NaN, in execution order, first origin first"},
    {.name = "nan_analyze", .shape = April, .add = &add_nan_analyze_command,
     .help = "Find the first API that turned clean inputs into NaN/Inf, over all ranks of a dump step "
             "(PyTorch); writes anomaly_analyze_{timestamp}.json",
     .stage = kSpread},
    {.name = kMergeResult, .shape = April, .add = &add_merge_result_command, .help = kMergeResultHelp,
     .stage = kSpread},
    {.name = kParse, .shape = April, .add = &add_parse_command, .help = kParseHelp},
    {.name = kApiPrecisionCompare, .shape = April, .add = &add_api_precision_compare_command,
     .help = kApiPrecisionCompareHelp},
    {.name = "graph", .shape = April, .add = &add_graph_command,
     .help = "Build the model graph of a dump (and compare it with a bench dump) into a tb-graph-ascend .vis.db"},
    {.name = kConfigCheck, .shape = April, .add = &add_pack_config_check_command, .help = kConfigCheckHelp,
     .exit_codes = ExitCodes::August},
    {.name = "run_ut", .shape = April, .add = &add_run_ut_command, .help = kRunUtHelp, .binary = Binary::Torch},
    // msprobe-torch spreads the splits over the processes.
    {.name = "multi_run_ut", .shape = April, .add = &add_multi_run_ut_command, .help = kMultiRunUtHelp,
     .stage = kSpread, .binary = Binary::Torch},
    {.name = "run_overflow_check", .shape = April, .add = &add_run_overflow_check_command,
     .help = "Re-run overflowed APIs on the CPU and classify normal/abnormal overflow", .binary = Binary::Torch},

    {.name = kCompare, .shape = August, .add = &add_august_compare_command,
     .help = "Compare a target (NPU) dump with a golden (bench) dump, API by API", .exit_codes = ExitCodes::August,
     .stage = kSpread, .august_note = "(-tp/-gp)"},
    {.name = "acc_check", .shape = August, .add = &add_acc_check_command, .help = kRunUtHelp,
     .exit_codes = ExitCodes::August, .binary = Binary::Torch},
    {.name = "multi_acc_check", .shape = August, .add = &add_multi_acc_check_command, .help = kMultiRunUtHelp,
     .exit_codes = ExitCodes::August, .stage = kSpread, .binary = Binary::Torch},
    {.name = kApiPrecisionCompare, .shape = August, .add = &add_api_precision_compare_command,
     .help = kApiPrecisionCompareHelp},
    {.name = kMergeResult, .shape = August, .add = &add_merge_result_command, .help = kMergeResultHelp,
     .stage = kSpread},
    {.name = kOverflowCheck, .shape = August, .add = &add_august_overflow_check_command,
     .help = "Find the first API that turned clean inputs into NaN/Inf, over all ranks of a dump step (PyTorch); "
             "writes anomaly_analyze_{timestamp}.json, or nothing when no anomaly is found",
     .stage = kSpread},
    {.name = kParse, .shape = August, .add = &add_parse_command, .help = kParseHelp},
    {.name = kConfigCheck, .shape = August, .add = &add_config_check_command, .help = kConfigCheckHelp,
     .exit_codes = ExitCodes::August},
    {.name = "graph_visualize", .shape = August, .add = &add_graph_visualize_command,
     .help = "Build the model graph of a dump (and compare it with a bench dump) into a tb-graph-ascend .vis.db, "
             "as August msprobe writes it"},
    {.name = "data2db", .shape = August, .add = &add_data2db_command,
     .help = "Import a dump tree's statistics or the monitor's CSV output into SQLite trend databases",
     .exit_codes = ExitCodes::August},
    {.name = "offline_dump", .shape = August, .add = &add_not_provided_command,
     .help = "inference model dump on the NPU (not provided: it needs the CANN runtime)"},
    {.name = "install_deps", .shape = August, .add = &add_not_provided_command,
     .help = "installer of the Python packages of offline_dump (not provided: msprobe-cpp needs none)"},
};

}  // namespace

std::span<const Subcommand> subcommand_table() { return kTable; }

const char* subcommand_name(AddSubcommand add, Shape shape) {
    const auto row = std::find_if(std::begin(kTable), std::end(kTable),
                                  [&](const Subcommand& sub) { return sub.add == add && sub.shape == shape; });
    if (row == std::end(kTable)) throw std::logic_error("no row of the table has this runner in that shape");
    return row->name;
}

}  // namespace msprobe::cli
