#pragma once
// What `msprobe compare -tp TARGET -gp GOLDEN` (August) compares, read from
// the two paths alone: two dump files, a step folder's rank pairs, a proc
// folder pair, the graph/pynative halves of a mixed dump; and beyond msprobe a
// rank folder (its dump file pair) and a dump root (every step on both sides).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::compare {

// Two dump files compared into one result file.
struct UnitPair {
    std::filesystem::path target;
    std::filesystem::path golden;
    std::string rank_label;   // the rank (or proc) folder name in a step compare; "" for a file pair
    bool debug_json = false;  // debug.json files (debug_compare_result_…)
};

// Everything one output folder receives.
struct CompareUnit {
    enum class Kind : std::uint8_t {
        Pairs,         // compare every pair
        DiffAnalyze,   // -da: first-difference analysis of the two step folders
        KernelCompare,  // --rank: MindSpore static-graph kernel compare of the two folders
        NothingToDo,   // a log line, no file, exit 0
    };
    Kind kind = Kind::Pairs;
    std::filesystem::path output_subdir;  // below the output directory: "", "graph/step0", "step1"
    std::filesystem::path target_dir;     // DiffAnalyze, KernelCompare: the two folders
    std::filesystem::path golden_dir;
    std::vector<UnitPair> pairs;        // Pairs
    bool single_pair = false;             // Pairs of two files: both files' frameworks are checked
    bool default_table = false;           // Pairs compared without the run's mapping, fuzzy and workbook options
    std::string note;                     // NothingToDo: why; Pairs: said once the pairs are written
};

struct CompareUnitOptions {
    bool diff_analyze = false;  // -da: step folders are analysed, not compared; no proc fallback
    bool kernel_compare = false;  // --rank: folders hold MindSpore kernel dumps
    // Step folders of "mindtorch" (MSAdapter) dumps are compared as MindSpore's; msprobe refuses them there
    // while it compares a file pair of them.
    bool mindtorch_steps = true;
    // -da on MindSpore step folders writes the plain per-rank compare and no analysis (msprobe's MindSpore
    // compare never writes the per-rank json its analysis reads).
    bool mindspore_diff_analyze_compares = false;
};

// The units of work of one command line, in the order msprobe runs them.
// Throws msprobe::Error for what msprobe refuses: a missing path, a file and a
// folder, misnamed files, ranks that cannot be paired, no single proc folder,
// a framework it cannot compare.
std::vector<CompareUnit> compare_units(const std::filesystem::path& target, const std::filesystem::path& golden,
                                     const CompareUnitOptions& options);

// Two dump files of a file pair: a missing "framework" is PyTorch (with a
// warning); target PyTorch needs golden PyTorch (the message says to swap -tp
// and -gp when the golden is MindSpore's); a MindSpore or MSAdapter target
// takes a PyTorch or MindSpore golden. -am (`api_mapping`) names MindSpore
// APIs: it is refused for a PyTorch pair.
void check_pair_frameworks(const dump::DumpFile& target, const dump::DumpFile& golden, bool api_mapping);

// A MindSpore target against a PyTorch golden pairs rows only through a
// mapping: without one (`mapped` false) it is refused, naming the flags.
void check_cross_framework_mapping(const dump::DumpFile& target, const dump::DumpFile& golden, bool mapped);

}  // namespace msprobe::compare
