#pragma once
// The static hyperparameters of the scripts given to -d: each `.sh` read by the shell rules, each `.yaml` by the
// yaml rules, merged in the order given. A name two scripts give different values becomes
// {"description": "duplicate_value", "values": [first, second, ...]}.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace msprobe::config_check {

// Refuses (msprobe::Error naming the script) a path that is a file but neither `.sh` nor `.yaml`, and more than
// 100 scripts, before anything is read.
void check_scripts(const std::vector<std::string>& scripts);

// The merged hyperparameters; a path that is not a file is skipped and a script that cannot be read or parsed
// gives nothing, each with msprobe's log line.
nlohmann::ordered_json script_hyperparameters(const std::vector<std::string>& scripts);

// msprobe's update_dict: `added`'s values into `merged`; a different value for a name already there makes (or
// extends) its duplicate_value record.
void merge_hyperparameters(nlohmann::ordered_json& merged, const nlohmann::ordered_json& added);

}  // namespace msprobe::config_check
