#include "data2db/monitor_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <variant>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "data2db/monitor_dirs.hpp"
#include "data2db/trend_value.hpp"
#include "report/csv_reader.hpp"

namespace msprobe::data2db {

namespace {

// pandas' default missing-value spellings (read_csv's na_values in pandas 1.5; 2.0 added "None").
bool is_na(std::string_view text) {
    static constexpr std::array<std::string_view, 18> kNa{"",     "#N/A", "#N/A N/A", "#NA",     "-1.#IND", "-1.#QNAN",
                                                          "-NaN", "-nan", "1.#IND",   "1.#QNAN", "<NA>",    "N/A",
                                                          "NA",   "NULL", "NaN",      "n/a",     "nan",     "null"};
    return std::find(kNa.begin(), kNa.end(), text) != kNa.end();
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

bool iequal(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<std::int64_t> csv_integer(std::string_view text) {
    text = trimmed(text);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty() || text.front() == '+') return std::nullopt;
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// A number as pandas' C parser reads a float cell: a decimal with optional exponent, or inf/infinity.
std::optional<double> csv_float(std::string_view text) {
    text = trimmed(text);
    bool negative = false;
    std::string_view body = text;
    if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
        negative = body.front() == '-';
        body.remove_prefix(1);
    }
    if (iequal(body, "inf") || iequal(body, "infinity")) return negative ? -INFINITY : INFINITY;
    if (body.empty() || !(std::isdigit(static_cast<unsigned char>(body.front())) || body.front() == '.')) {
        return std::nullopt;  // from_chars would also take "nan" spellings pandas leaves as texts
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), value);
    // A number past the doubles' range is no float to pandas either: its column is read as texts.
    if (ec != std::errc() || end != body.data() + body.size()) return std::nullopt;
    return negative ? -value : value;
}

enum class ColumnKind : std::uint8_t { Integer, Float, Boolean, Text };

struct Na {};
// A cell as pandas hands it to msprobe.
using CellValue = std::variant<Na, std::int64_t, double, bool, std::string_view>;

bool is_true_text(std::string_view t) { return t == "True" || t == "TRUE" || t == "true"; }
bool is_false_text(std::string_view t) { return t == "False" || t == "FALSE" || t == "false"; }

ColumnKind column_kind(const std::vector<std::vector<std::string>>& records, std::size_t column) {
    bool all_int = true, all_float = true, all_bool = true, any_na = false;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& record = records[r];
        if (column >= record.size() || is_na(record[column])) {
            any_na = true;
            continue;
        }
        const std::string_view text = record[column];
        all_int = all_int && csv_integer(text).has_value();
        all_float = all_float && csv_float(text).has_value();
        all_bool = all_bool && (is_true_text(text) || is_false_text(text));
    }
    if (all_int && !any_na) return ColumnKind::Integer;
    if (all_float) return ColumnKind::Float;  // NaN where missing; an empty column too
    if (all_bool && !any_na) return ColumnKind::Boolean;
    return ColumnKind::Text;
}

CellValue cell(const std::vector<std::string>& record, std::size_t column, ColumnKind kind) {
    if (column >= record.size() || is_na(record[column])) return Na{};
    const std::string_view text = record[column];
    switch (kind) {
        case ColumnKind::Integer: return *csv_integer(text);
        case ColumnKind::Float: return *csv_float(text);
        case ColumnKind::Boolean: return is_true_text(text);
        case ColumnKind::Text: return text;
    }
    return Na{};
}

// Python's int() of the value; the ValueError's text when it raises.
std::variant<std::int64_t, std::string> python_int(const CellValue& value) {
    if (std::holds_alternative<Na>(value)) return std::string("cannot convert float NaN to integer");
    if (const auto* number = std::get_if<std::int64_t>(&value)) return *number;
    if (const auto* flag = std::get_if<bool>(&value)) return std::int64_t{*flag ? 1 : 0};
    if (const auto* real = std::get_if<double>(&value)) {
        if (std::isnan(*real)) return std::string("cannot convert float NaN to integer");
        if (std::isinf(*real)) return std::string("cannot convert float infinity to integer");
        if (std::fabs(*real) >= 9.2e18) return std::string("Python int too large to convert to SQLite INTEGER");
        return static_cast<std::int64_t>(std::trunc(*real));
    }
    const std::string_view text = std::get<std::string_view>(value);
    if (const auto parsed = py::parse_int(text)) return *parsed;
    return fmt::format("invalid literal for int() with base 10: {}", py::str_repr(text));
}

// Python's str() of the value.
std::string python_str(const CellValue& value) {
    if (std::holds_alternative<Na>(value)) return "nan";
    if (const auto* number = std::get_if<std::int64_t>(&value)) return std::to_string(*number);
    if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "True" : "False";
    if (const auto* real = std::get_if<double>(&value)) return py::float_repr(*real);
    return std::string(std::get<std::string_view>(value));
}

std::optional<double> stat_value(const CellValue& value) {
    if (std::holds_alternative<Na>(value)) return std::nullopt;
    if (const auto* number = std::get_if<std::int64_t>(&value)) return trend_value(static_cast<double>(*number));
    if (const auto* flag = std::get_if<bool>(&value)) return trend_value(*flag ? 1.0 : 0.0);
    if (const auto* real = std::get_if<double>(&value)) return trend_value(*real);
    return trend_value_of_text(std::get<std::string_view>(value));
}

}  // namespace

MonitorCsv read_monitor_csv(const std::filesystem::path& path) {
    const std::string file = path.string();
    const auto records = report::read_csv_records(file);
    if (records.empty()) throw Error(file, "No columns to parse from file");
    const auto& header = records.front();
    for (std::size_t r = 1; r < records.size(); ++r) {
        if (records[r].size() > header.size()) {
            throw Error(file,
                        fmt::format("Expected {} fields in line {}, saw {}", header.size(), r + 1, records[r].size()));
        }
    }
    const auto column_of = [&](std::string_view name) -> std::optional<std::size_t> {
        const auto found = std::find(header.begin(), header.end(), name);
        if (found == header.end()) return std::nullopt;
        return static_cast<std::size_t>(found - header.begin());
    };
    std::vector<ColumnKind> kinds(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) kinds[c] = column_kind(records, c);

    MonitorCsv csv;
    std::vector<std::size_t> stat_columns;
    for (std::size_t c = 0; c < header.size(); ++c) {
        if (std::find(std::begin(kMonitorStats), std::end(kMonitorStats), header[c]) == std::end(kMonitorStats)) {
            continue;
        }
        csv.stats.push_back(header[c]);
        stat_columns.push_back(c);
    }
    const auto name_column = column_of("name");
    const auto vpp_column = column_of("vpp_stage");
    const auto step_column = column_of("step");
    const auto micro_column = column_of("micro_step");
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& record = records[r];
        if (!name_column) {
            csv.skipped.emplace_back("'name'");
            continue;
        }
        if (!vpp_column) {
            csv.skipped.emplace_back("'vpp_stage'");
            continue;
        }
        MonitorCsvRow row;
        row.name = python_str(cell(record, *name_column, kinds[*name_column]));
        std::optional<std::string> problem;
        const auto take = [&](std::optional<std::size_t> column, std::int64_t& into) {
            if (problem || !column) return;
            auto value = python_int(cell(record, *column, kinds[*column]));
            if (auto* text = std::get_if<std::string>(&value)) {
                problem = std::move(*text);
            } else {
                into = std::get<std::int64_t>(value);
            }
        };
        take(vpp_column, row.vpp_stage);
        take(step_column, row.step);
        take(micro_column, row.micro_step);
        if (problem) {
            csv.skipped.push_back(std::move(*problem));
            continue;
        }
        row.stats.reserve(stat_columns.size());
        for (const std::size_t c : stat_columns) row.stats.push_back(stat_value(cell(record, c, kinds[c])));
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

}  // namespace msprobe::data2db
