#include "overflow/entry_anomalies.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "overflow/anomalous_value.hpp"

namespace msprobe::overflow {

namespace {

constexpr int kMaxDepth = 400;  // msprobe's own recursion limit for nested arguments

std::string text_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

struct Walker {
    bool nested;
    const std::function<void(const RecordSite&, const rapidjson::Value&)>& visit;

    void value(const RecordSite& site, const rapidjson::Value& v, int depth) {
        if (depth > kMaxDepth) return;
        if (v.IsObject()) {
            visit(site, v);
            if (!nested) return;
            for (const auto& member : v.GetObject()) {
                if (!member.value.IsObject() && !member.value.IsArray()) continue;
                RecordSite inner = site;
                inner.path += "." + text_of(member.name);
                inner.top_level = false;
                value(inner, member.value, depth + 1);
            }
        } else if (v.IsArray() && nested) {
            for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
                RecordSite inner = site;
                inner.path += fmt::format("[{}]", i);
                inner.top_level = false;
                value(inner, v[i], depth + 1);
            }
        }
    }

    void positional(Section section, const char* name, const rapidjson::Value& list) {
        if (!list.IsArray()) {
            value(RecordSite{section, name, 0, {}, true}, list, 0);
            return;
        }
        for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
            value(RecordSite{section, fmt::format("{}[{}]", name, i), static_cast<int>(i), {}, true}, list[i], 0);
        }
    }

    void keyword(Section section, const char* name, const rapidjson::Value& map) {
        if (!map.IsObject()) return;
        for (const auto& member : map.GetObject()) {
            const std::string key = text_of(member.name);
            value(RecordSite{section, fmt::format("{}.{}", name, key), -1, key, true}, member.value, 0);
        }
    }
};

}  // namespace

void visit_records(const rapidjson::Value& entry, bool nested,
                   const std::function<void(const RecordSite&, const rapidjson::Value&)>& visit) {
    if (!entry.IsObject()) return;
    Walker walker{nested, visit};
    bool has_section = false;
    const auto section = [&](const char* name) -> const rapidjson::Value* {
        auto it = entry.FindMember(name);
        if (it == entry.MemberEnd()) return nullptr;
        has_section = true;
        return &it->value;
    };
    if (const auto* v = section("input_args")) walker.positional(Section::InputArgs, "input_args", *v);
    if (const auto* v = section("input_kwargs")) walker.keyword(Section::InputKwargs, "input_kwargs", *v);
    if (const auto* v = section("input")) walker.positional(Section::BackwardInput, "input", *v);
    if (const auto* v = section("parameters")) walker.keyword(Section::Parameters, "parameters", *v);
    if (const auto* v = section("output")) walker.positional(Section::Output, "output", *v);
    if (!has_section) {
        for (const auto& member : entry.GetObject()) {
            const std::string key = text_of(member.name);
            walker.value(RecordSite{Section::Output, key, -1, key, true}, member.value, 0);
        }
    }
}

std::vector<StatAnomaly> record_anomalies(const rapidjson::Value& record, const AnomalyTest& test) {
    std::vector<StatAnomaly> found;
    if (!record.IsObject()) return found;
    std::string dtype;
    if (auto it = record.FindMember("dtype"); it != record.MemberEnd() && it->value.IsString()) dtype = text_of(it->value);
    for (const std::string_view statistic : {"Max", "Min", "Mean"}) {
        const bool mean = statistic == "Mean";
        if (mean && !test.include_mean) continue;
        auto it = record.FindMember(rapidjson::StringRef(statistic.data(), statistic.size()));
        if (it == record.MemberEnd()) continue;
        if (auto text = anomalous_value_text(it->value)) {
            found.push_back({std::string(statistic), *text, false});
        } else if (test.saturation && !mean && is_saturated_value(it->value, dtype)) {
            found.push_back({std::string(statistic), fmt::format("{}", it->value.GetDouble()), false});
        }
    }
    return found;
}

EntryAnomalies find_entry_anomalies(const rapidjson::Value& entry, const AnomalyTest& test,
                                    const ExtraRecordCheck& extra) {
    EntryAnomalies result;
    visit_records(entry, test.nested, [&](const RecordSite& site, const rapidjson::Value& record) {
        auto statistics = record_anomalies(record, test);
        if (extra) {
            for (auto& more : extra(record)) {
                const bool known = std::any_of(statistics.begin(), statistics.end(), [&](const StatAnomaly& s) {
                    return s.statistic == more.statistic;
                });
                if (!known) statistics.push_back(std::move(more));
            }
        }
        if (statistics.empty()) return;
        RecordAnomaly anomaly;
        anomaly.section = site.section;
        anomaly.path = site.path;
        anomaly.top_index = site.top_index;
        anomaly.top_key = site.top_key;
        anomaly.top_level = site.top_level;
        if (auto it = record.FindMember("dtype"); it != record.MemberEnd() && it->value.IsString()) {
            anomaly.dtype = text_of(it->value);
        }
        if (auto it = record.FindMember("shape"); it != record.MemberEnd() && it->value.IsArray()) {
            for (const auto& dim : it->value.GetArray()) {
                if (dim.IsInt64()) anomaly.shape.push_back(dim.GetInt64());
            }
        }
        if (auto it = record.FindMember("data_name"); it != record.MemberEnd() && it->value.IsString()) {
            anomaly.data_name = text_of(it->value);
        }
        anomaly.statistics = std::move(statistics);
        (is_input(site.section) ? result.inputs : result.outputs).push_back(std::move(anomaly));
    });
    return result;
}

std::string direction_of(const std::string& entry_name) {
    // API names end in .forward/.backward; module names carry it before the call index.
    std::size_t end = entry_name.size();
    for (int segment = 0; segment < 2 && end != std::string::npos && end > 0; ++segment) {
        const std::size_t dot = entry_name.rfind('.', end - 1);
        const std::string part =
            entry_name.substr(dot == std::string::npos ? 0 : dot + 1, end - (dot == std::string::npos ? 0 : dot + 1));
        if (part == "forward" || part == "backward") return part;
        if (part == "parameters_grad") return "backward";
        if (dot == std::string::npos) break;
        end = dot;
    }
    return {};
}

}  // namespace msprobe::overflow
