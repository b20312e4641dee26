#pragma once
// `config_check -d [SCRIPT ...] [-o PACK.zip]`: the configuration pack of this machine, as msprobe's ConfigChecker
// writes it without a model: `env` (every environment variable, json.dumps(os.environ, indent=4)), `pip` (the
// installed Python distributions) and, when the scripts give any, hyperparameters/hyperparameters_static.json.
// The zip is written whole beside its target and renamed into place (msprobe appends to an existing zip; here a
// pack of the same name is replaced).
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace msprobe::config_check {

struct PackRequest {
    std::vector<std::string> scripts;  // as given to -d
    std::string output_zip;            // as given to -o, or the default
};

// Throws msprobe::Error naming the output or a script, and the reason; nothing is written then.
void write_pack(const PackRequest& request);

// The text of the `env` item for `environ`-style entries ("KEY=value"): the first of two entries of one name
// wins, as Python's os.environ reads them.
std::string environment_json(char** environment);

// JSON text of a value in json.dumps(value, indent=4)'s layout.
std::string indented_json(const nlohmann::ordered_json& value);

}  // namespace msprobe::config_check
