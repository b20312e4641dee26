#include "compare/json_result.hpp"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace msprobe::compare {

namespace {

using Json = nlohmann::ordered_json;

// JSON has no inf/nan: they become the texts a workbook shows.
Json cell_value(const report::Cell& cell) {
    if (cell.is_text()) return cell.text();
    if (cell.is_bool()) return cell.boolean_value();
    if (cell.is_number()) {
        const double v = cell.number();
        if (std::isnan(v)) return "nan";
        if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
        return v;
    }
    return nullptr;
}

Json summary_object(const PairOutcome& outcome) {
    Json summary = {{"rows", outcome.rows},
                    {"pass", outcome.passed},
                    {"warning", outcome.warnings},
                    {"error", outcome.errors},
                    {"first_problem", nullptr}};
    if (outcome.first_problem) {
        const auto& p = *outcome.first_problem;
        summary["first_problem"] = {{"npu_name", p.npu_name},
                                    {"level", level_name(p.level)},
                                    {"reasons", p.reasons},
                                    {"stack_frame", p.stack_frame}};
    }
    return summary;
}

}  // namespace

void write_json_result(const ResultTable& result, const std::vector<RowVerdict>& verdicts, const PairOutcome& outcome,
                       const JsonResultSource& source, const std::filesystem::path& path) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw Error(path.string(), "cannot open for writing");
    Json head = {{"schema_version", 1},
                 {"mode", mode_name(result.mode)},
                 {"npu_dump", source.npu_dump.string()},
                 {"bench_dump", source.bench_dump.string()},
                 {"columns", result.table.header},
                 {"summary", summary_object(outcome)}};
    // Rows stream one per line, so a large result never exists twice in memory
    // and stays greppable.
    std::string text = head.dump(1, ' ', false, Json::error_handler_t::replace);
    text.resize(text.size() - 2);  // reopen the object: drop "\n}"
    out << text << ",\n \"rows\": [";
    const auto& header = result.table.header;
    for (std::size_t r = 0; r < result.table.rows.size(); ++r) {
        Json values = Json::object();
        const auto& cells = result.table.rows[r];
        for (std::size_t c = 0; c < header.size() && c < cells.size(); ++c) values[header[c]] = cell_value(cells[c]);
        const Json row = {
            {"level", level_name(verdicts[r].level)}, {"reasons", verdicts[r].reasons}, {"values", values}};
        out << (r == 0 ? "\n  " : ",\n  ") << row.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    out << "\n ]\n}\n";
    if (!out.flush()) throw Error(path.string(), "write failed");
}

}  // namespace msprobe::compare
