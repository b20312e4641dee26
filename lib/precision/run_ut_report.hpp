#pragma once
// accuracy_checking_result_<TS>.csv and accuracy_checking_details_<TS>.csv:
// created with headers at start, or continued from a
// previous result file; one API's rows are appended at a time, with one
// write(2) per file on a descriptor kept open for the whole run.
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "precision/csv_dialect.hpp"
#include "precision/output_compare.hpp"

namespace msprobe::precision {

const CsvRow& run_ut_result_header();
const CsvRow& run_ut_details_header();

// The CSV fields of one detail row, floats written with `precision` decimals.
CsvRow detail_fields(const DetailRow& row, int precision);
// The result row: name, forward, backward[, message].
CsvRow result_fields(const ApiComparison& api);

// The decimals of a detail row's floats unless told otherwise.
inline constexpr int kDetailDecimals = 14;

class RunUtReport {
public:
    // New files in `dir` (created if missing) named with the 14-digit timestamp;
    // rows appended with `formulas` (Verbatim under --strict_compat).
    static RunUtReport create(const std::filesystem::path& dir, const std::string& timestamp,
                              int precision = kDetailDecimals,
                              report::FormulaCells formulas = report::FormulaCells::Guarded);
    // Continue `result_csv`: its name must be accuracy_checking_result_<14 digits>.csv and
    // the details file beside it must exist.
    static RunUtReport resume(const std::filesystem::path& result_csv, int precision = kDetailDecimals,
                              report::FormulaCells formulas = report::FormulaCells::Guarded);

    // Each file gets the API's rows in one write(2) on an O_APPEND descriptor opened at the first
    // append: the bytes are in the file when append returns, so a killed run leaves a valid prefix,
    // and worker processes appending to the same files never interleave inside an API's rows.
    void append(const ApiComparison& api) const;

    // Column 1 of the result file: the APIs a continued run skips.
    std::set<std::string> recorded_apis() const;

    const std::filesystem::path& result_path() const { return result_; }
    const std::filesystem::path& details_path() const { return details_; }
    const std::string& timestamp() const { return timestamp_; }

private:
    std::filesystem::path result_;
    std::filesystem::path details_;
    std::string timestamp_;
    int precision_ = kDetailDecimals;
    report::FormulaCells formulas_ = report::FormulaCells::Guarded;
    struct OpenFiles;
    mutable std::shared_ptr<OpenFiles> open_;  // shared by copies; closed with the last one
};

}  // namespace msprobe::precision
