#pragma once
// False-positive filter of msprobe's anomaly detector:
// APIs whose inf/NaN at some argument positions is expected (uninitialised
// buffers of torch.empty*, receive buffers of collectives, ...).
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

#include "overflow/entry_anomalies.hpp"

namespace msprobe::overflow {

struct IgnoreRule {
    std::string api_name;  // rule key, e.g. "torch.empty_like"
    std::vector<int> input_indices;
    std::vector<std::string> input_names;
    std::vector<int> output_indices;
};

// "Torch.empty_like.0.forward" -> "torch.empty_like": the first two dot-segments, lower-cased.
std::string rule_key(const std::string& api_name);

class IgnoreRules {
public:
    // msprobe's shipped ignore_rules.yaml, built in.
    static IgnoreRules builtin();
    // An ignore_rules.yaml in msprobe's format ({ignore_nan_inf: [{api_name, input_ignore, output_ignore}]}).
    // Throws msprobe::Error (exit 2) naming the file when it is unreadable or malformed.
    static IgnoreRules load(const std::filesystem::path& file);
    static IgnoreRules none() { return {}; }

    const std::vector<IgnoreRule>& rules() const { return rules_; }
    const IgnoreRule* rule_for(const std::string& api_name) const;

    // True when the entry's anomalies are all at positions its rule ignores.
    bool ignores(const std::string& api_name, const EntryAnomalies& anomalies) const;

private:
    void add(IgnoreRule rule);  // the first rule per name wins; rules without any ignore part are dropped
    std::vector<IgnoreRule> rules_;
    std::unordered_map<std::string, std::size_t> index_;
};

}  // namespace msprobe::overflow
