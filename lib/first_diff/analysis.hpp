#pragma once
// The graph search shared by compare -da and nan_analyze: every rank's ops in execution order, communication ops
// linked into a graph across ranks, and the three phases that decide which
// flagged op came "first".
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "first_diff/op_kinds.hpp"

namespace msprobe::first_diff {

// What a communication op says about its peers, read from its arguments.
struct CommFacts {
    CommRole role = CommRole::Link;
    std::vector<std::int64_t> ranks;  // ranks it connects to, in argument order; empty: all ranks
    bool keeps_itself = false;        // survives pruning without compute ops (differs / carries NaN or Inf)
    bool feeds_compute_ops = true;    // its pending compute ops are candidates of its group
};

// One key of a rank's file, classified.
struct RankOp {
    std::string name;
    OpKind kind = OpKind::Compute;
    bool flagged = false;  // differs (compare -da) / clean input, NaN or Inf output (nan_analyze)
    CommFacts comm;        // communication ops only
};

struct RankOps {
    std::int64_t rank = 0;
    std::string source;       // the file the ops came from, for errors
    std::vector<RankOp> ops;  // file order
    std::string framework = {};  // the dump's "framework", "" when it has none
};

struct AnalysisRules {
    bool monotonic_layer_fix = true;  // compare -da: a searcher's node is pushed past its predecessor
    bool keep_all_minimal = true;     // compare -da: every candidate of the minimal (layer, sub_layer)
                                      // nan_analyze: only the first one
    const char* what = "diff";        // "diff" / "anomaly", for the log lines
    bool exact_peer_api = false;      // a peer is looked up by its exact API name (August's overflow_check),
                                      // not by a prefix of its id (so all_reduce misses all_reduce_coalesced)

    static AnalysisRules first_diff() { return {true, true, "diff", false}; }        // compare -da
    static AnalysisRules first_anomaly() { return {false, false, "anomaly", false}; }  // nan_analyze
    static AnalysisRules first_anomaly_exact_peer() { return {false, false, "anomaly", true}; }  // overflow_check
};

enum class Phase : std::uint8_t { BeforeCommunication, DuringCommunication, AfterCommunication };

// A reported op: rank, position in that rank's ops, and where the search placed it.
struct Finding {
    std::int64_t rank = 0;
    std::size_t index = 0;  // into RankOps::ops
    int layer = 0;
    int sub_layer = 0;
};

struct AnalysisResult {
    std::vector<Finding> findings;  // ascending rank, then (layer, sub_layer), then file order; empty: none
    Phase phase = Phase::BeforeCommunication;
};

// Runs the three phases over ranks given in any order (they are searched in
// ascending rank order). Throws msprobe::Error for a communication key with
// fewer than four segments.
AnalysisResult find_first(const std::vector<RankOps>& ranks, const AnalysisRules& rules);

}  // namespace msprobe::first_diff
