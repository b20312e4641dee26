#pragma once
// compare.json: the npu/bench paths (files or step directories) and the
// optional stack path, resolved and checked as msprobe does.
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace msprobe::compare {

struct CompareJson {
    std::filesystem::path npu_path;
    std::filesystem::path bench_path;
    std::optional<std::filesystem::path> stack_path;
};

// A path written in compare.json: relative to the working directory, as in
// msprobe; when that finds nothing, relative to the compare.json itself.
std::filesystem::path resolve_config_path(const std::filesystem::path& configured,
                                          const std::filesystem::path& config_file);

// The file as a JSON object; throws msprobe::Error (exit 2) naming it when it
// is missing, unreadable, malformed or not an object.
nlohmann::json read_compare_json_object(const std::filesystem::path& path);

// Throws msprobe::Error (exit 2) naming the file when it is missing,
// malformed, lacks a path, or asks for a compare flavour not supported yet.
CompareJson read_compare_json(const std::filesystem::path& path);

// The rank directories of a step directory (rank, rank0, rank1, ...) sorted
// by rank number, "rank" first. Throws msprobe::Error naming the directory
// for any other entry or when it cannot be listed.
std::vector<std::filesystem::path> list_rank_dirs(const std::filesystem::path& step_dir);

}  // namespace msprobe::compare
