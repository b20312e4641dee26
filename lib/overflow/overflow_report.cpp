#include "overflow/overflow_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <tuple>

#include "common/python_text.hpp"

namespace msprobe::overflow {

namespace {

std::string statistics_text(const RecordAnomaly& a, const char* separator) {
    std::string text;
    for (const auto& s : a.statistics) {
        if (!text.empty()) text += separator;
        text += s.statistic + "=" + s.value;
    }
    return text;
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
    std::string text;
    for (const auto& p : parts) {
        if (!text.empty()) text += separator;
        text += p;
    }
    return text;
}

std::string norm_text(const std::string& path, double norm, const char* between) {
    return path + between + "Norm=" + py::float_repr(norm);
}

std::string inputs_text(const ScannedEntry& e) {
    if (e.mutation) return norm_text(e.mutation->input_path, e.mutation->input_norm, " ");
    return anomalies_text(e.anomalies.inputs);
}
std::string outputs_text(const ScannedEntry& e) {
    if (e.mutation) return norm_text(e.mutation->output_path, e.mutation->output_norm, " ");
    return anomalies_text(e.anomalies.outputs);
}

std::vector<const ScannedEntry*> listed(const DumpScan& scan, bool first_only) {
    std::vector<const ScannedEntry*> entries;
    if (first_only) {
        if (const auto* first = scan.first_overflow()) entries.push_back(first);
        return entries;
    }
    for (const auto& e : scan.reported) entries.push_back(&e);
    return entries;
}

bool several_steps(const std::vector<DumpScan>& scans) {
    return std::any_of(scans.begin(), scans.end(),
                       [&](const DumpScan& s) { return s.location.step != scans.front().location.step; });
}

nlohmann::ordered_json anomaly_json(const RecordAnomaly& a) {
    nlohmann::ordered_json j;
    j["path"] = a.path;
    j["dtype"] = a.dtype;
    j["shape"] = a.shape;
    bool from_file = false;
    for (const auto& s : a.statistics) {
        j[s.statistic] = s.value;
        from_file = from_file || s.from_tensor_file;
    }
    if (from_file) j["tensor_file"] = a.data_name;
    return j;
}

nlohmann::ordered_json anomalies_json(const std::vector<RecordAnomaly>& anomalies) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& a : anomalies) list.push_back(anomaly_json(a));
    return list;
}

nlohmann::ordered_json first_json(const ScannedEntry* first) {
    if (!first) return nullptr;
    return {{"seq", first->seq}, {"api", first->api}, {"class", class_name(first->overflow_class)}};
}

nlohmann::ordered_json summary_json(const DumpScan& scan) {
    nlohmann::ordered_json j;
    for (std::size_t c = 0; c < kClassCount; ++c)
        j[std::string(class_name(static_cast<OverflowClass>(c)))] = scan.counts[c];
    j["filtered"] = scan.filtered;
    return j;
}

}  // namespace

std::string anomalies_text(const std::vector<RecordAnomaly>& anomalies) {
    std::vector<std::string> parts;
    for (const auto& a : anomalies) parts.push_back(a.path + " " + statistics_text(a, ","));
    return parts.empty() ? "-" : join(parts, "; ");
}

std::string anomalies_cell(const std::vector<RecordAnomaly>& anomalies) {
    std::vector<std::string> parts;
    for (const auto& a : anomalies) parts.push_back(a.path + ":" + statistics_text(a, ";"));
    return join(parts, "|");
}

std::string text_block(const DumpScan& scan, bool first_only) {
    std::string text = fmt::format("overflow_check: {}  (task={}, level={}, {} entries, {} with anomalies)\n",
                                   scan.location.dump_json.string(), scan.task, scan.level, scan.entries,
                                   scan.reported.size());
    const ScannedEntry* first = scan.first_overflow();
    if (first) {
        const std::string where =
            first->anomalies.output_bad() ? outputs_text(*first) : inputs_text(*first);
        text += fmt::format("first overflow: #{:04d} {}  [{}]  {}{}\n", first->seq, first->api,
                            class_name(first->overflow_class), where,
                            first->overflow_class == OverflowClass::Origin
                                ? ""
                                : "  (no origin: its inputs were already non-finite where the dump starts)");
    } else {
        text += "first overflow: none\n";
    }
    const auto entries = listed(scan, first_only);
    if (!entries.empty()) {
        std::size_t api_width = 36, inputs_width = 29;
        for (const auto* e : entries) {
            api_width = std::max(api_width, e->api.size());
            inputs_width = std::max(inputs_width, inputs_text(*e).size());
        }
        text += fmt::format(" {:<5} {:<11} {:<{}} {:<{}} {}\n", "seq", "class", "api", api_width, "inputs",
                            inputs_width, "outputs");
        for (const auto* e : entries) {
            text += fmt::format(" {:04d}  {:<11} {:<{}} {:<{}} {}\n", e->seq, class_name(e->overflow_class), e->api,
                                api_width, inputs_text(*e), inputs_width, outputs_text(*e));
        }
    }
    text += fmt::format("summary: origin={} propagated={} absorbed={} mutation={} filtered={}\n",
                        scan.count(OverflowClass::Origin), scan.count(OverflowClass::Propagated),
                        scan.count(OverflowClass::Absorbed), scan.count(OverflowClass::Mutation), scan.filtered);
    return text;
}

const DumpScan* global_first(const std::vector<DumpScan>& scans) {
    const DumpScan* best = nullptr;
    const auto rank_of = [](const DumpScan& s) {
        const auto& r = s.location.rank;
        return r.size() > 5 ? std::stol(r.substr(5)) : 0L;
    };
    const auto step_of = [](const DumpScan& s) {
        const auto& t = s.location.step;
        return t.size() > 4 ? std::stol(t.substr(4)) : 0L;
    };
    for (const auto& scan : scans) {
        const ScannedEntry* first = scan.first_overflow();
        if (!first) continue;
        if (!best) {
            best = &scan;
            continue;
        }
        const ScannedEntry* other = best->first_overflow();
        const auto key = [&](const DumpScan& s, const ScannedEntry* e) {
            return std::make_tuple(e->overflow_class == OverflowClass::Origin ? 0 : 1, step_of(s), e->seq, rank_of(s));
        };
        if (key(scan, first) < key(*best, other)) best = &scan;
    }
    return best;
}

std::string dump_key(const DumpScan& scan, bool steps) {
    const auto& loc = scan.location;
    if (loc.rank.empty()) return loc.dump_json.string();
    return steps && !loc.step.empty() ? loc.step + "/" + loc.rank : loc.rank;
}

nlohmann::ordered_json dump_json(const DumpScan& scan, bool first_only) {
    nlohmann::ordered_json j;
    j["input"] = scan.location.dump_json.string();
    j["task"] = scan.task;
    j["level"] = scan.level;
    j["first_overflow"] = first_json(scan.first_overflow());
    auto entries = nlohmann::ordered_json::array();
    for (const auto* e : listed(scan, first_only)) {
        nlohmann::ordered_json entry;
        entry["seq"] = e->seq;
        entry["api"] = e->api;
        entry["direction"] = e->direction;
        entry["class"] = class_name(e->overflow_class);
        entry["level"] = level_name(e->overflow_class);
        entry["input_anomalies"] = anomalies_json(e->anomalies.inputs);
        entry["output_anomalies"] = anomalies_json(e->anomalies.outputs);
        if (e->mutation) {
            entry["mutation"] = {{"input", e->mutation->input_path},   {"input_norm", e->mutation->input_norm},
                                 {"output", e->mutation->output_path}, {"output_norm", e->mutation->output_norm}};
        }
        entry["stack"] = e->stack;
        entries.push_back(std::move(entry));
    }
    j["entries"] = std::move(entries);
    j["summary"] = summary_json(scan);
    return j;
}

nlohmann::ordered_json report_json(const std::vector<DumpScan>& scans, bool first_only) {
    if (scans.size() == 1) return dump_json(scans.front(), first_only);
    const bool steps = several_steps(scans);
    nlohmann::ordered_json j;
    for (const auto& scan : scans) j[dump_key(scan, steps)] = dump_json(scan, first_only);
    const DumpScan* best = global_first(scans);
    if (best) {
        auto first = first_json(best->first_overflow());
        first["step"] = best->location.step;
        first["rank"] = best->location.rank;
        j["global_first"] = std::move(first);
    } else {
        j["global_first"] = nullptr;
    }
    return j;
}

report::Table report_table(const std::vector<DumpScan>& scans, bool first_only) {
    report::Table table;
    const bool several = scans.size() > 1;
    const bool steps = several_steps(scans);
    if (steps) table.header.push_back("Step");
    if (several) table.header.push_back("Rank");
    for (const char* h : {"Seq", "API Name", "Direction", "Class", "Level", "Input Anomalies", "Output Anomalies"}) {
        table.header.push_back(h);
    }
    for (const auto& scan : scans) {
        for (const auto* e : listed(scan, first_only)) {
            std::vector<report::Cell> row;
            if (steps) row.emplace_back(scan.location.step);
            if (several)
                row.emplace_back(scan.location.rank.empty() ? scan.location.dump_json.string() : scan.location.rank);
            row.emplace_back(std::to_string(e->seq));
            row.emplace_back(e->api);
            row.emplace_back(e->direction);
            row.emplace_back(std::string(class_name(e->overflow_class)));
            row.emplace_back(std::string(level_name(e->overflow_class)));
            if (e->mutation) {
                row.emplace_back(norm_text(e->mutation->input_path, e->mutation->input_norm, ":"));
                row.emplace_back(norm_text(e->mutation->output_path, e->mutation->output_norm, ":"));
            } else {
                row.emplace_back(anomalies_cell(e->anomalies.inputs));
                row.emplace_back(anomalies_cell(e->anomalies.outputs));
            }
            table.rows.push_back(std::move(row));
        }
    }
    return table;
}

}  // namespace msprobe::overflow
