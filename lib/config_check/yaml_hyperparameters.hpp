#pragma once
// msprobe's YamlParser: a yaml file's values as hyperparameters named by their dotted paths ("model.layers"),
// loaded as PyYAML's safe loader types them (YAML 1.1: yes/no/on/off are booleans, 1e-3 is a text, dates are
// dates). A list of scalars and lists is one value; other lists are indexed (".0", ".1"); None, dates and
// binary values are left out. Like msprobe's parser, one accumulator serves every yaml file of a run: each file's
// result holds the values of the yaml files before it too.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace msprobe::config_check {

class YamlHyperparameters {
public:
    // The accumulator after reading `file`; throws msprobe::Error naming the file when it cannot be read or a
    // mapping key is not a text (the values read before the fault stay in the accumulator, as in msprobe).
    const nlohmann::ordered_json& read(const std::filesystem::path& file);

private:
    nlohmann::ordered_json values_ = nlohmann::ordered_json::object();
};

}  // namespace msprobe::config_check
