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

}  // namespace msprobe::testing
