#include "ms_api_check/result_files.hpp"

#include <fmt/format.h>

#include <fstream>

#include "common/error.hpp"
#include "common/python_text.hpp"

namespace msprobe::ms_api_check {

namespace {

constexpr const char* kResultName = "accuracy_checking_result";
constexpr const char* kApiName = "API Name";

std::string cell(const AlgorithmResult& r) { return r.value ? py::float_repr(*r.value) : std::string(); }

// The direction's status and its message part (data_manager.to_result_csv).
std::string status_of(const DirectionOutcome& d, std::string& message) {
    if (d.rows.empty()) return {};
    bool pass = true;
    std::string joined;
    for (const auto& row : d.rows) {
        pass = pass && row.comparison.pass;
        joined += row.comparison.message;
    }
    if (!pass) message = joined;
    return pass ? "pass" : "error";
}

// str.replace(old, new): every occurrence.
std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

}  // namespace

const precision::CsvRow& result_header() {
    static const precision::CsvRow header = {kApiName, "Forward Test Success", "Backward Test Success", "Message"};
    return header;
}

const precision::CsvRow& details_header() {
    static const precision::CsvRow header = {kApiName, "Bench Dtype", "Tested Dtype", "Shape", "Cosine",
                                             "MaxAbsErr", "MaxRelativeErr", "Status", "Message"};
    return header;
}

precision::CsvRow details_fields(const OutputRow& row) {
    const auto& c = row.comparison;
    return {row.name,       row.bench_dtype,    row.tested_dtype,         row.shape, cell(c.cosine),
            cell(c.max_abs), cell(c.max_relative), c.pass ? "pass" : "error", c.message};
}

std::optional<precision::CsvRow> result_fields(const ApiOutcome& api) {
    const bool has_rows = !api.forward.rows.empty() || !api.backward.rows.empty();
    if (!has_rows && !api.forward.skipped && !api.backward.skipped) return std::nullopt;
    std::string forward_message;
    std::string backward_message;
    std::string forward = status_of(api.forward, forward_message);
    std::string backward = status_of(api.backward, backward_message);
    std::string message = forward == "pass" && backward == "pass" ? "" : forward_message + backward_message;
    if (api.forward.skipped) {
        forward = "SKIP";
        message += *api.forward.skipped;
    }
    if (api.backward.skipped) {
        backward = "SKIP";
        message += *api.backward.skipped;
    }
    return precision::CsvRow{api.api_name, forward, backward, message};
}

ResultFiles ResultFiles::create(const std::filesystem::path& dir, const std::string& timestamp,
                                report::FormulaCells formulas) {
    ResultFiles files;
    files.formulas_ = formulas;
    const auto names = [&](const std::string& ts) {
        return std::vector<precision::NewCsv>{
            {dir / fmt::format("accuracy_checking_details_{}.csv", ts), details_header()},
            {dir / fmt::format("{}_{}.csv", kResultName, ts), result_header()}};
    };
    const auto ts = precision::create_new_csvs(timestamp, names);
    const auto made = names(ts);
    files.details_ = made[0].path;
    files.result_ = made[1].path;
    return files;
}

ResultFiles ResultFiles::resume(const std::filesystem::path& result_csv, report::FormulaCells formulas) {
    ResultFiles files;
    files.formulas_ = formulas;
    files.result_ = result_csv;
    files.details_ = result_csv.parent_path() / replace_all(result_csv.filename().string(), "result", "details");
    const auto rows = precision::read_csv(result_csv);
    const precision::CsvRow header = rows.empty() ? precision::CsvRow{} : rows.front();
    // check_csv_header: every required name must be part of some header cell.
    std::vector<std::string> missing;
    for (const auto& required : result_header()) {
        bool found = false;
        for (const auto& h : header) found = found || h.find(required) != std::string::npos;
        if (!found) missing.push_back(py::str_repr(required));
    }
    if (!missing.empty()) {
        throw Error(result_csv.string(),
                    fmt::format("is missing the required header fields {}", py::list_text(missing)));
    }
    std::size_t column = 0;
    while (header[column].find(kApiName) == std::string::npos) ++column;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        if (rows[i].size() > column && !rows[i][column].empty()) files.recorded_.insert(rows[i][column]);
    }
    // A details file appended to for the first time starts with the BOM, as Python's utf-8-sig writes it.
    if (!std::filesystem::exists(files.details_)) precision::append_csv(files.details_, "\xEF\xBB\xBF");
    return files;
}

void ResultFiles::append(const ApiOutcome& api) const {
    std::string details;
    for (const auto* d : {&api.forward, &api.backward}) {
        for (const auto& row : d->rows) details += precision::csv_line(details_fields(row), formulas_);
    }
    if (!details.empty()) precision::append_csv(details_, details);
    if (const auto row = result_fields(api)) precision::append_csv(result_, precision::csv_line(*row, formulas_));
}

}  // namespace msprobe::ms_api_check
