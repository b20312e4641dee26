#pragma once
// The two files of msprobe's MindSpore checker (data_manager.py): accuracy_checking_result_<ts>.csv (API Name,
// Forward Test Success, Backward Test Success, Message) and accuracy_checking_details_<ts>.csv (API Name, Bench
// Dtype, Tested Dtype, Shape, Cosine, MaxAbsErr, MaxRelativeErr, Status, Message), written an API at a time in
// run_ut's CSV dialect; or continued (-csv_path) from an earlier result file, whose APIs are not checked again.
#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include "ms_api_check/api_outcome.hpp"
#include "precision/csv_dialect.hpp"

namespace msprobe::ms_api_check {

const precision::CsvRow& result_header();
const precision::CsvRow& details_header();

// DataManager.to_detail_csv's row.
precision::CsvRow details_fields(const OutputRow& row);

// DataManager.to_result_csv's row: "pass"/"error" per direction from its rows, "SKIP" for a skipped one, empty
// for a direction with neither; the Message joins the failing rows' messages, then the skip texts. nullopt when
// the API has nothing to say (no rows, no skip).
std::optional<precision::CsvRow> result_fields(const ApiOutcome& api);

class ResultFiles {
public:
    // New files in `dir` named with the 14-digit timestamp (the next free second when taken), headers written.
    static ResultFiles create(const std::filesystem::path& dir, const std::string& timestamp,
                              report::FormulaCells formulas);
    // Continue `result_csv` (DataManager.resume_from_last_csv): its details file is the one beside it whose name
    // has "details" for every "result". Throws msprobe::Error naming the file when a required column is missing.
    static ResultFiles resume(const std::filesystem::path& result_csv, report::FormulaCells formulas);

    void append(const ApiOutcome& api) const;

    // The API names an earlier run recorded (empty for new files).
    const std::set<std::string>& recorded_apis() const { return recorded_; }
    const std::filesystem::path& result_path() const { return result_; }
    const std::filesystem::path& details_path() const { return details_; }

private:
    std::filesystem::path result_;
    std::filesystem::path details_;
    std::set<std::string> recorded_;
    report::FormulaCells formulas_ = report::FormulaCells::Guarded;
};

}  // namespace msprobe::ms_api_check
