#include "parse/pkl_report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cmath>

#include "common/error.hpp"
#include "common/python_text.hpp"

namespace msprobe::parse {

namespace {

void require_summary(const dump::PtdbgRecord& record, const std::string& file) {
    if (record.summary.size() < 3) {
        throw Error(file, fmt::format("line {}: record {} has {} summary values, expected max, min and mean",
                                      record.line_number, record.name, record.summary.size()));
    }
}

// ptdbg prints a record's statistics only when its array has more than 5 elements.
bool has_statistics(const dump::PtdbgRecord& record) { return record.field_count > 5; }

nlohmann::ordered_json summary_value(const dump::PtdbgRecord& record, std::size_t i) {
    const auto& number = record.summary_numbers[i];
    if (!number) return record.summary[i];
    if (!std::isfinite(*number)) return py::float_repr(*number);
    return *number;
}

}  // namespace

std::vector<const dump::PtdbgRecord*> select_pkl_records(const std::vector<dump::PtdbgRecord>& records,
                                                          const std::string& prefix) {
    std::vector<const dump::PtdbgRecord*> selected;
    for (const auto& r : records) {
        if (r.name.compare(0, prefix.size(), prefix) == 0) selected.push_back(&r);
    }
    return selected;
}

std::string pkl_text(const std::vector<const dump::PtdbgRecord*>& selected, const std::string& file,
                     std::size_t min_stack_frames) {
    std::string out;
    bool statistics_started = false;
    for (const auto* record : selected) {
        if (record->kind == dump::PtdbgRecord::Kind::Stack) {
            if (record->frames.size() < min_stack_frames) continue;
            out += "\nTrace back(" + record->name + "):\n";
            for (auto it = record->frames.rbegin(); it != record->frames.rend(); ++it) {
                out +=
                    fmt::format("  File \"{}\", line {}, in {}\n    {}\n", it->file, it->line, it->function, it->code);
            }
            continue;
        }
        if (!has_statistics(*record)) continue;
        require_summary(*record, file);
        if (!statistics_started) {
            out += "\nStatistic Info:\n";
            statistics_started = true;
        }
        out += fmt::format("  [{}][dtype: {}][shape: {}][max: {}][min: {}][mean: {}]\n", record->name, record->dtype,
                           record->shape, record->summary[0], record->summary[1], record->summary[2]);
    }
    return out;
}

std::string pkl_json(const std::vector<const dump::PtdbgRecord*>& selected, const std::string& prefix,
                     const std::string& file) {
    nlohmann::ordered_json stacks = nlohmann::ordered_json::array();
    nlohmann::ordered_json statistics = nlohmann::ordered_json::array();
    for (const auto* record : selected) {
        if (record->kind == dump::PtdbgRecord::Kind::Stack) {
            nlohmann::ordered_json frames = nlohmann::ordered_json::array();
            for (const auto& f : record->frames) {
                frames.push_back({{"file", f.file}, {"line", f.line}, {"function", f.function}, {"code", f.code}});
            }
            stacks.push_back({{"name", record->name}, {"frames", frames}});
            continue;
        }
        if (!has_statistics(*record)) continue;
        require_summary(*record, file);
        nlohmann::ordered_json item = {{"name", record->name}, {"dtype", record->dtype}, {"shape", record->shape}};
        item["max"] = summary_value(*record, 0);
        item["min"] = summary_value(*record, 1);
        item["mean"] = summary_value(*record, 2);
        if (record->summary.size() > 3) item["norm"] = summary_value(*record, 3);
        statistics.push_back(std::move(item));
    }
    nlohmann::ordered_json out = {
        {"file", file}, {"api_prefix", prefix}, {"stacks", stacks}, {"statistics", statistics}};
    return out.dump(1) + "\n";
}

}  // namespace msprobe::parse
