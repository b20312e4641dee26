#pragma once
// The graph command: builds the graphs of every (step, rank) of the input,
// compares NPU with Bench when a bench_path is given, and writes one .vis.db.
#include <filesystem>
#include <memory>
#include <optional>

#include "common/run_summary.hpp"
#include "common/thread_pool.hpp"
#include "graph/dump_record.hpp"
#include "graph/graph_behaviour.hpp"
#include "graph/run_input.hpp"
#include "mapping/mapping_options.hpp"

namespace msprobe::graph {

struct GraphOptions {
    std::filesystem::path input;       // -i: the input JSON (graph_visualize: the -tp folder, for messages)
    std::optional<RunInput> run_input;  // graph_visualize: the folders given on the command line instead
    std::filesystem::path output_dir;  // -o
    bool overflow_check = false;       // -oc
    bool fuzzy_match = false;          // -f
    bool layer_mapping = false;        // -lm
    std::optional<std::filesystem::path> layer_mapping_file;  // -lm <yaml>
    std::shared_ptr<mapping::MappingFiles> mapping_files = mapping::new_mapping_files();  // parsed once per run
    bool strict_compat = false;  // reproduce msprobe's defects (docs/compatibility.md)
    GraphBehaviour behaviour;    // where msprobe's graph and graph_visualize differ
    std::optional<std::filesystem::path> html;  // --html: also write the report page (graph_html_report)
    // A merge build writes each merged graph's dump files (merged_dump_files) instead of a database.
    bool merged_dump_files = false;
    RunSummary* summary = nullptr;  // set: receives the run's summary (graph_summary.hpp)
    // Progress lines on a terminal: the ranks built, or for a single rank its nodes compared and written.
    bool show_progress = false;
    // false: the last step's graphs are left to the process's exit (common/left_to_exit) instead of freed,
    // for a caller that ends the process next; earlier steps' are freed as the run goes either way.
    bool free_last_graphs = true;
};

// How the run's records are made of dump.json entries.
inline RecordRules record_rules(const GraphOptions& options) {
    return {options.strict_compat, options.merged_dump_files};
}

// Returns the database written, or the output folder of merged dump files.
// `pool` reads the two sides at once, writes rows and measures real-data
// tensors. Throws msprobe::Error on bad input; no output is left behind then.
std::filesystem::path run_graph(const GraphOptions& options, ThreadPool& pool);

}  // namespace msprobe::graph
