#include "overflow/entry_anomalies.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "overflow/anomalous_value.hpp"

namespace msprobe::overflow {

namespace {

using dump::JsonView;

constexpr int kMaxDepth = 400;  // msprobe's own recursion limit for nested arguments

struct Walker {
    bool nested;
    const std::function<void(const RecordSite&, JsonView)>& visit;

    void value(const RecordSite& site, JsonView v, int depth) {
        if (depth > kMaxDepth) return;
        if (v.is_object()) {
            visit(site, v);
            if (!nested) return;
            for (const auto& member : v.members()) {
                if (!member.value.is_object() && !member.value.is_array()) continue;
                RecordSite inner = site;
                inner.path += ".";
                inner.path += member.name;
                inner.top_level = false;
                value(inner, member.value, depth + 1);
            }
        } else if (v.is_array() && nested) {
            for (std::size_t i = 0; i < v.size(); ++i) {
                RecordSite inner = site;
                inner.path += fmt::format("[{}]", i);
                inner.top_level = false;
                value(inner, v.item(i), depth + 1);
            }
        }
    }

    void positional(Section section, std::string_view name, JsonView list) {
        if (!list.is_array()) {
            value(RecordSite{section, std::string(name), 0, {}, true}, list, 0);
            return;
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            value(RecordSite{section, fmt::format("{}[{}]", name, i), static_cast<int>(i), {}, true}, list.item(i), 0);
        }
    }

    void keyword(Section section, std::string_view name, JsonView map) {
        for (const auto& member : map.members()) {
            const std::string key(member.name);
            value(RecordSite{section, fmt::format("{}.{}", name, key), -1, key, true}, member.value, 0);
        }
    }
};

}  // namespace

void visit_records(JsonView json, bool nested, const std::function<void(const RecordSite&, JsonView)>& visit) {
    if (!json.is_object()) return;
    Walker walker{nested, visit};
    const dump::EntryView entry({}, json);
    if (!entry.has_sections()) {
        for (const auto& member : json.members()) {
            const std::string key(member.name);
            walker.value(RecordSite{Section::Output, key, -1, key, true}, member.value, 0);
        }
        return;
    }
    for (const Section section : dump::kEntrySections) {
        const JsonView value = entry.section(section);
        if (!value.present()) continue;
        if (dump::is_keyword_section(section)) {
            walker.keyword(section, dump::section_key(section), value);
        } else {
            walker.positional(section, dump::section_key(section), value);
        }
    }
}

std::vector<StatAnomaly> record_anomalies(JsonView record, const AnomalyTest& test) {
    std::vector<StatAnomaly> found;
    if (!record.is_object()) return found;
    const dump::LeafView leaf(record);
    const std::string_view dtype = leaf.dtype().value_or(std::string_view());
    for (const dump::Statistic statistic : {dump::Statistic::Max, dump::Statistic::Min, dump::Statistic::Mean}) {
        const bool mean = statistic == dump::Statistic::Mean;
        if (mean && !test.include_mean) continue;
        const JsonView value = leaf.statistic(statistic);
        if (!value.present()) continue;
        const std::string name(dump::statistic_key(statistic));
        if (auto text = anomalous_value_text(value)) {
            found.push_back({name, *text, false});
        } else if (test.saturation && !mean && is_saturated_value(value, dtype)) {
            found.push_back({name, fmt::format("{}", *value.number()), false});
        }
    }
    return found;
}

EntryAnomalies find_entry_anomalies(JsonView entry, const AnomalyTest& test, const ExtraRecordCheck& extra) {
    EntryAnomalies result;
    visit_records(entry, test.nested, [&](const RecordSite& site, JsonView record) {
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
        const dump::LeafView leaf(record);
        RecordAnomaly anomaly;
        anomaly.section = site.section;
        anomaly.path = site.path;
        anomaly.top_index = site.top_index;
        anomaly.top_key = site.top_key;
        anomaly.top_level = site.top_level;
        anomaly.dtype = std::string(leaf.dtype().value_or(std::string_view()));
        anomaly.shape = leaf.shape();
        anomaly.data_name = std::string(leaf.data_name().value_or(std::string_view()));
        anomaly.statistics = std::move(statistics);
        (is_input(site.section) ? result.inputs : result.outputs).push_back(std::move(anomaly));
    });
    return result;
}

}  // namespace msprobe::overflow
