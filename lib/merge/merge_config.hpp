#pragma once
// merge_result's config.yaml: the APIs whose rows are merged and the compare
// indices that become sheets.
#include <string>
#include <vector>

namespace msprobe::merge {

struct MergeConfig {
    std::vector<std::string> apis;           // api name prefixes, in config order
    std::vector<std::string> compare_index;  // empty = every index of the results' dump mode
};

// Loads and validates the yaml file (suffix .yaml, at most 1 GiB). Throws
// msprobe::Error naming the file with msprobe's message for each invalid config.
MergeConfig load_merge_config(const std::string& path);

// Validates yaml text; `file` names it in errors.
MergeConfig parse_merge_config(const std::string& yaml_text, const std::string& file);

// msprobe's messages, in the order the checks run.
inline constexpr const char* kConfigEmpty = "config.yaml is empty, please check.";
inline constexpr const char* kApiNotFound = "The APIs required to merge data were not found.";
inline constexpr const char* kApiFormat = "The config format of 'api' is incorrect, please check.";
inline constexpr const char* kCompareIndexFormat = "The config format of 'compare_index' is incorrect, please check.";

}  // namespace msprobe::merge
