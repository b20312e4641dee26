#include "overflow/ignore_rules.hpp"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe::overflow {

std::string rule_key(const std::string& api_name) {
    std::string key;
    const std::size_t first = api_name.find('.');
    if (first == std::string::npos) {
        key = api_name;
    } else {
        const std::size_t second = api_name.find('.', first + 1);
        key = api_name.substr(0, second);
    }
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    return key;
}

IgnoreRules IgnoreRules::builtin() {
    IgnoreRules rules;
    for (const char* name : {"torch.empty", "torch.empty_like", "torch.empty_strided"}) rules.add({name, {}, {}, {0}});
    rules.add({"distributed.recv", {0}, {"tensor"}, {}});
    rules.add({"distributed.all_gather", {0}, {}, {}});
    rules.add({"distributed.reduce_scatter", {0}, {"output"}, {}});
    for (const char* name : {"distributed._reduce_scatter_base", "distributed.all_gather_into_tensor",
                             "distributed.reduce_scatter_tensor", "tensor.masked_fill_"}) {
        rules.add({name, {0}, {}, {}});
    }
    return rules;
}

namespace {

void read_ignore_list(const YAML::Node& list, std::vector<int>* indices, std::vector<std::string>* names) {
    if (!list || list.IsNull()) return;
    if (!list.IsSequence()) throw YAML::Exception(list.Mark(), "an ignore list must be a sequence");
    for (const auto& item : list) {
        if (!item.IsMap()) continue;
        if (item["index"]) indices->push_back(item["index"].as<int>());
        if (names && item["name"]) names->push_back(item["name"].as<std::string>());
    }
}

}  // namespace

IgnoreRules IgnoreRules::load(const std::filesystem::path& file) {
    IgnoreRules rules;
    try {
        const YAML::Node root = YAML::Load(read_input_file(file, InputKind::Yaml));
        if (!root.IsMap()) throw Error(file.string(), "the ignore rules are not a YAML mapping");
        const YAML::Node list = root["ignore_nan_inf"];
        if (!list || list.IsNull()) return rules;
        if (!list.IsSequence()) throw Error(file.string(), "'ignore_nan_inf' is not a list");
        for (const auto& item : list) {
            if (!item.IsMap() || !item["api_name"]) continue;
            IgnoreRule rule;
            rule.api_name = item["api_name"].as<std::string>();
            read_ignore_list(item["input_ignore"], &rule.input_indices, &rule.input_names);
            read_ignore_list(item["output_ignore"], &rule.output_indices, nullptr);
            rules.add(std::move(rule));
        }
    } catch (const YAML::DeepRecursion& e) {  // its message is only "bad file"
        throw Error(file.string(), fmt::format("malformed ignore rules: nested deeper than {} levels", e.depth()));
    } catch (const YAML::Exception& e) {
        throw Error(file.string(), fmt::format("malformed ignore rules: {}", e.what()));
    } catch (...) {
        rethrow_naming(file.string());
    }
    return rules;
}

void IgnoreRules::add(IgnoreRule rule) {
    if (rule.api_name.empty()) return;
    if (rule.input_indices.empty() && rule.input_names.empty() && rule.output_indices.empty()) return;
    if (index_.count(rule.api_name)) return;
    index_.emplace(rule.api_name, rules_.size());
    rules_.push_back(std::move(rule));
}

const IgnoreRule* IgnoreRules::rule_for(const std::string& api_name) const {
    auto it = index_.find(rule_key(api_name));
    return it == index_.end() ? nullptr : &rules_[it->second];
}

bool IgnoreRules::ignores(const std::string& api_name, const EntryAnomalies& anomalies) const {
    const IgnoreRule* rule = rule_for(api_name);
    if (!rule) return false;
    // msprobe decides on the top-level records only (its one-level test).
    std::set<int> inputs, outputs;
    std::set<std::string> keywords;
    for (const auto& a : anomalies.inputs) {
        if (!a.top_level) continue;
        if (a.section == Section::InputArgs || a.section == Section::BackwardInput) inputs.insert(a.top_index);
        if (a.section == Section::InputKwargs) keywords.insert(a.top_key);
    }
    for (const auto& a : anomalies.outputs) {
        if (a.top_level && a.top_index >= 0) outputs.insert(a.top_index);
    }
    const auto all_in = [](const auto& found, const auto& allowed) {
        return std::all_of(found.begin(), found.end(), [&](const auto& v) {
            return std::find(allowed.begin(), allowed.end(), v) != allowed.end();
        });
    };
    if (!rule->input_indices.empty() && !all_in(inputs, rule->input_indices)) return false;
    if (!rule->input_names.empty() && !all_in(keywords, rule->input_names)) return false;
    if (!rule->output_indices.empty() && !all_in(outputs, rule->output_indices)) return false;
    return true;
}

}  // namespace msprobe::overflow
