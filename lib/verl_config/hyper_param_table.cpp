#include "verl_config/hyper_param_table.hpp"

#include <algorithm>
#include <map>

#include "report/csv_writer.hpp"

namespace msprobe::verl_config {

const std::vector<std::string> kCompareHeader = {"超参名称", "NPU生效值", "bench生效值", "是否一致"};
const std::vector<std::string> kVerifyHeader = {"关键参数名称", "bench生效值", "target生效值", "是否一致"};

namespace {

constexpr std::string_view kExcluded[] = {"profiler/", "ray_"};
constexpr std::string_view kMissing = "NA";

// str(key) as an f-string renders a key.
std::string key_text(const PyValue& key) { return key.kind == PyValue::Kind::Str ? key.text : python_repr(key); }

void flatten(const PyValue& value, const std::string& prefix, std::vector<std::pair<std::string, PyValue>>& out) {
    if (value.kind == PyValue::Kind::Dict && !value.items.empty()) {
        for (std::size_t i = 0; i + 1 < value.items.size(); i += 2) {
            const std::string key = key_text(value.items[i]);
            flatten(value.items[i + 1], prefix.empty() ? key : prefix + "/" + key, out);
        }
        return;
    }
    for (auto& entry : out) {
        if (entry.first == prefix) {
            entry.second = value;
            return;
        }
    }
    out.emplace_back(prefix, value);
}

using FlatConfig = std::map<std::string, PyValue>;

FlatConfig flat_map(const PyValue& config) {
    FlatConfig map;
    for (auto& [key, value] : flatten_config(config)) map[key] = std::move(value);
    return map;
}

HyperParamRow row_of(const std::string& key, const PyValue* first, const PyValue* second) {
    HyperParamRow row;
    row.name = key;
    row.first = first ? python_repr(*first) : std::string(kMissing);
    row.second = second ? python_repr(*second) : std::string(kMissing);
    row.consistent = first && second && python_equal(*first, *second);
    return row;
}

const PyValue* find(const FlatConfig& config, const std::string& key) {
    const auto it = config.find(key);
    return it == config.end() ? nullptr : &it->second;
}

}  // namespace

std::vector<std::pair<std::string, PyValue>> flatten_config(const PyValue& config) {
    std::vector<std::pair<std::string, PyValue>> out;
    flatten(config, "", out);
    return out;
}

std::vector<HyperParamRow> compare_hyper_params(const PyValue& npu, const PyValue& bench) {
    const FlatConfig npu_flat = flat_map(npu);
    const FlatConfig bench_flat = flat_map(bench);
    std::vector<std::string> keys;
    for (const auto& entry : npu_flat) keys.push_back(entry.first);
    for (const auto& entry : bench_flat) keys.push_back(entry.first);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<HyperParamRow> rows;
    for (const auto& key : keys) {
        const bool excluded = std::any_of(std::begin(kExcluded), std::end(kExcluded),
                                          [&](std::string_view part) { return key.find(part) != std::string::npos; });
        if (!excluded) rows.push_back(row_of(key, find(npu_flat, key), find(bench_flat, key)));
    }
    return rows;
}

std::vector<HyperParamRow> verify_hyper_params(const PyValue& bench, const PyValue& target) {
    const FlatConfig bench_flat = flat_map(bench);
    const FlatConfig target_flat = flat_map(target);
    std::vector<HyperParamRow> rows;
    for (const auto& [key, value] : bench_flat) rows.push_back(row_of(key, &value, find(target_flat, key)));
    return rows;
}

std::string hyper_param_csv(const std::vector<std::string>& header, const std::vector<HyperParamRow>& rows) {
    std::string text = "\xEF\xBB\xBF";
    const auto line = [&](const std::vector<std::string_view>& fields) {
        std::string row;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (i) row += ',';
            report::append_csv_field(row, fields[i], report::FormulaCells::Guarded);
        }
        text += row + "\n";
    };
    line({header[0], header[1], header[2], header[3]});
    for (const auto& row : rows) line({row.name, row.first, row.second, row.consistent ? "是" : "否"});
    return text;
}

}  // namespace msprobe::verl_config
