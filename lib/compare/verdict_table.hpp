#pragma once
// August 2026 msprobe's compare result table (`msprobe compare -tp NPU -gp BENCH`):
// the April table's rows and identity cells, with August's columns, its
// statistics diff texts, its Result/Err_message rule verdicts and a join on
// the compare key alone.
//
// Entry point for the command line: compare_verdict_pair() on one dump.json (or
// debug.json) pair, then write_verdict_table() (august_result_writer.hpp) into
// the output directory under verdict_result_name().
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "compare/tensor_postprocess_folder.hpp"
#include "compare/training_inference_table.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"
#include "mapping/mapping_options.hpp"

namespace msprobe::compare {

struct VerdictTable {
    ResultTable result;
    // Per row, bit c set: the number in column c is an integer in the dump
    // (written "1", where a float prints "1.0").
    std::vector<std::uint64_t> integer_cells;

    bool is_integer(std::size_t row, std::size_t column) const {
        return row < integer_cells.size() && column < 64 && ((integer_cells[row] >> column) & 1U) != 0;
    }
};

struct VerdictTableOptions {
    bool strict_compat = false;       // reproduce msprobe's own defects (verdict_rules.hpp)
    bool show_progress = false;       // real data: the tensor progress bar
    bool fuzzy_match = false;         // -fm: pair entries ignoring their call counters
    mapping::MappingOptions mapping;  // -cm, -dm (applied to PyTorch pairs too), -am, -lm
    bool print_compare_log = false;   // -tensor_log: a log line per row in real-data mode
    // Set: a training dump against an inference dump (training_inference_table.hpp) in place of the
    // ordinary matching; the mappings are not read.
    std::optional<TrainingInferenceOptions> training_inference;
    // Real data: configured tensors right-multiplied before the metrics (null: none).
    std::shared_ptr<const TensorPostprocessFolder> tensor_postprocess;
};

// August's statistics rows of matched `pairs` (diff texts included), before
// the rules: Result and Err_message are left empty.
ResultTable statistics_diff_table(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                  const std::vector<RowPair>& pairs, const dump::StackFile* stack);

// The table of two parsed dumps; `stack` null: no NPU_Stack_Info column.
// With -lm on MindSpore dumps, result.generated_mapping_yaml holds the mapping
// it generated, for the caller to write beside the result.
// Throws msprobe::Error when the dumps cannot be compared (tasks differ, tensor data missing).
VerdictTable verdict_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const dump::StackFile* stack,
                           ThreadPool& pool, const VerdictTableOptions& options);

// A pair's dump files, read side by side on the pool, and the stack.json
// beside the NPU file (null, with msprobe's warning, when there is none).
struct PairInputs {
    dump::DumpFile npu;
    dump::DumpFile bench;
    std::shared_ptr<const dump::StackFile> stack;
};
// `show_progress`: a line counting the two files' MiB as they are read, on a terminal.
PairInputs read_pair_inputs(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                            ThreadPool& pool, bool show_progress = false);

// Reads both dump files and compares them; the stack column appears when a
// stack.json lies beside the NPU file.
VerdictTable compare_verdict_pair(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                                  ThreadPool& pool, const VerdictTableOptions& options);

}  // namespace msprobe::compare
