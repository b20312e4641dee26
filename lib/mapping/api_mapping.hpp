#pragma once
// -am: MindSpore API rows renamed to the PyTorch names they are compared with:
// the built-in table, then optionally a user table that
// also re-pairs argument positions.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::mapping {

// "Functional.linear" of "Functional.linear.0.forward.input.0"; throws
// msprobe::Error naming `file` when the name has fewer than two fields.
std::string api_name_of(std::string_view row_name, const std::string& file);

// The built-in rule of -am (Mint → Torch, MintFunctional → Functional, the table).
std::string builtin_api_key(const std::string& row_name, const std::string& file);

// One record of a user API table.
struct ApiMappingRecord {
    std::string ms_api, pt_api;
    std::vector<std::string> ms_args, pt_args;
    std::vector<std::string> ms_outputs, pt_outputs;
    std::vector<std::string> ms_parameters, pt_parameters;
    std::vector<std::string> ms_parameters_grad, pt_parameters_grad;
    bool lengths_agree() const;
};

// A list of records, or a single record. Output positions may be spelled
// ms_outputs/pt_outputs (as documented) or ms_output/pt_output (what msprobe
// reads); the plural wins when both are there.
std::vector<ApiMappingRecord> load_api_mapping(const std::filesystem::path& path);

// Overwrites the keys of the NPU rows whose API a record names (msprobe's
// modify_compare_data_with_user_mapping). Rows whose position the record does
// not list get "<name>abandoned", which never matches.
void apply_user_api_mapping(const std::vector<ApiMappingRecord>& records, const dump::DumpFile& npu,
                            const dump::DumpFile& bench, std::vector<std::string>& npu_keys);

}  // namespace msprobe::mapping
