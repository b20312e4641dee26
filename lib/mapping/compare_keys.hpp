#pragma once
// The compare key of every NPU row under the mapping flags, and whether rows
// are then joined on the key alone:
//   -am → api mapping, else -cm → cell mapping, else a data mapping (-dm, or
//   the one -lm generates, which replaces -dm) → that mapping, else the name.
// Any data mapping switches the join to key-only, whichever stage made the key.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dump/dump_file.hpp"
#include "mapping/cell_mapping.hpp"
#include "mapping/mapping_options.hpp"

namespace msprobe::mapping {

struct CompareKeys {
    std::vector<std::string> npu_keys;  // one per NPU row; empty when the keys are the row names
    bool join_on_key_only = false;      // a data mapping is active
    // The text of data_mapping_{timestamp}.yaml when -lm generated a mapping;
    // the caller writes it with the compare's other results.
    std::optional<std::string> generated_mapping_yaml;
};

struct KeyContext {
    bool mindspore = false;  // -am, -cm and -lm act only for MindSpore
    bool cell_mapping_any_framework = false;  // August msprobe applies -cm to PyTorch dumps as well
    CellKeyRules cell_rules = {};
    // The names the mappings start from, one per NPU row; null: the row names.
    const std::vector<std::string>* npu_names = nullptr;
};

// Reads every yaml file the flags name, so a bad one stops the compare before
// anything runs (throws msprobe::Error naming the file).
void check_mapping_files(const MappingOptions& options, bool mindspore);

CompareKeys npu_compare_keys(const dump::DumpFile& npu, const dump::DumpFile& bench, const MappingOptions& options,
                             const KeyContext& context);

}  // namespace msprobe::mapping
