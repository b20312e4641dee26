#pragma once
// What a compare run was asked to compare: one plain struct per flavour of
// input, so that a compare.json and (later) command-line paths build the
// same request. Paths are resolved and checked to exist where the flavour
// requires it.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "compare/compare_options.hpp"

namespace msprobe::compare {

// Two dump.json (or two debug.json) files.
struct DumpFilePair {
    std::filesystem::path npu_json;
    std::filesystem::path bench_json;
    std::optional<std::filesystem::path> stack_json;  // as configured; none: stack.json beside npu_json, if any
};

// Two step directories of rank directories (rank, rank0, ...), paired by position.
struct StepDirs {
    std::filesystem::path npu_dir;
    std::filesystem::path bench_dir;
};

// ptdbg_ascend 2.x: two .pkl dumps and the .npy folders beside them.
struct PtdbgPklPair {
    std::filesystem::path npu_pkl;
    std::filesystem::path bench_pkl;
    std::filesystem::path npu_data_dir;
    std::filesystem::path bench_data_dir;
};

// ptdbg compare_distributed: two folders of rankN/ folders holding .pkl dumps.
struct PtdbgRankDirs {
    std::filesystem::path npu_dir;
    std::filesystem::path bench_dir;
};

// The npu/ and cpu/ folders of an online dispatch run.
struct DispatchDirs {
    std::filesystem::path npu_dir;
    std::filesystem::path cpu_dir;
};

// MindSpore static-graph kernel dumps (rank_id and step_id).
struct KernelDirs {
    std::filesystem::path npu_path;
    std::filesystem::path bench_path;
    std::vector<std::int64_t> rank_ids;  // empty: every rank
    std::vector<std::int64_t> step_ids;  // empty: every step
    OutputFormat format = OutputFormat::Xlsx;  // August's compare --rank writes CSV unless --xlsx
};

// MindSpore static-graph single-point dumps ("common": true).
struct SinglePointDirs {
    std::filesystem::path npu_path;
    std::filesystem::path bench_path;
    std::map<std::string, std::string> map_dict;  // NPU key → bench key, used when the bench lacks the key
};

// A jit-mixed MindSpore dump root on each side: its graph/ and pynative/
// halves, each a folder of step folders. Every step both sides have is
// compared as StepDirs into <output>/<half>/<step>.
struct MixedHalvesDirs {
    std::filesystem::path npu_root;
    std::filesystem::path bench_root;
    struct Step {
        std::filesystem::path output_subdir;  // "graph/step0"
        StepDirs dirs;
    };
    std::vector<Step> steps;  // by half, then step, in name order
};

using CompareRequest = std::variant<DumpFilePair, StepDirs, PtdbgPklPair, PtdbgRankDirs, DispatchDirs, KernelDirs,
                                    SinglePointDirs, MixedHalvesDirs>;

// The request a compare.json makes. The legacy layouts are recognised first
// (a .pkl pair; then two directories, without rank_id or common, holding
// rankN/*.pkl folders or online-dispatch folders), then two dump roots that
// both hold graph/ or pynative/ (whatever else the compare.json says, as in
// msprobe), then the static-graph flavours (rank_id; "common": true), else
// dump.json files or step directories. Throws msprobe::Error (exit 2) naming the file and the reason
// for anything malformed, a missing path among them.
CompareRequest read_compare_request(const std::filesystem::path& compare_json);

// The files and folders a request reads (a dump file's folder too: stack.json,
// construct.json and the tensors live beside it), so that no output lands on them.
std::vector<std::filesystem::path> paths_read(const CompareRequest& request);

}  // namespace msprobe::compare
