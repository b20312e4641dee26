#pragma once
// August msprobe's stored outputs (../shared/fixtures/expected_august) and
// ours side by side: the stored file behind a `.same_as` pointer, the command
// of a run folder, and the CSV comparison field by field.
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

// The stored file, following a `.same_as` pointer to the identical copy.
std::filesystem::path stored_output(const std::filesystem::path& file);

// The name a stored output stands for: "x.csv.same_as" → "x.csv".
std::string stored_output_name(const std::filesystem::path& file);

// A run folder's msprobe.log: the command after "msprobe" (line 1) and its exit code (line 2).
struct RecordedRun {
    std::vector<std::string> args;
    int exit_code = -1;
};
RecordedRun read_recorded_run(const std::filesystem::path& run_dir);

// Empty when the two CSV files hold the same records; numbers of the columns
// whose last bits depend on summation order may differ by that tolerance.
std::vector<std::string> august_csv_differences(const std::filesystem::path& ours,
                                                const std::filesystem::path& expected);

// A result file name without its timestamp: compare_result_rank0_20261126054952.csv → compare_result_rank0.csv,
// diff_analyze_1764136192123456789.json → diff_analyze.json.
std::string without_timestamp(const std::string& name);

// Every result file msprobe wrote in `expected` (below it too) against ours in
// `ours`, by name without timestamps, cell for cell (csv, xlsx, json); empty
// when they agree. A workbook's pandas export, msprobe.log, args.txt and rc.txt
// are not results. Only a run msprobe ended without a file (`may_write_nothing`)
// matches an empty folder.
std::vector<std::string> result_folder_differences(const std::filesystem::path& expected,
                                                   const std::filesystem::path& ours, bool may_write_nothing = false);

// A scratch folder standing in for a fixture case's folder: its dump folders
// linked, its files copied, so runs write nothing into the fixtures. A file
// holding only a relative path to a folder (a link stored as text) becomes a
// link to that folder.
std::filesystem::path linked_case(const std::filesystem::path& case_dir, const std::string& name);

}  // namespace msprobe::testing
