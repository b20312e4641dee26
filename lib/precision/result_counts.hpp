#pragma once
// The APIs of a run_ut result file (accuracy_checking_result_<TS>.csv) by
// level, for the end-of-run summary and --fail-on: error when either side
// (forward, backward) is error, else warning when either is Warning, else
// pass when either passed, else skip (nothing was compared); and the first
// API that went wrong.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace msprobe::precision {

enum class ApiLevel { Pass, Warning, Error, Skip };

ApiLevel api_level(const std::string& forward_status, const std::string& backward_status);

// msprobe's is_bwd_success: the backward passed, or it was not run (a space).
bool backward_passed(const std::string& backward_status);

// msprobe's verdict on one result row: the forward passed and so did the backward (or it was not run).
// Anything else, SKIP included, counts as a failed API.
bool api_passed(const std::string& forward_status, const std::string& backward_status);

// An API of the result file that did not pass, with the file's message for it ("" when none).
struct FailedApi {
    ApiLevel level = ApiLevel::Error;
    std::string name;
    std::string message;
};

struct ResultCounts {
    std::size_t pass = 0;
    std::size_t warning = 0;
    std::size_t error = 0;
    std::size_t skip = 0;

    // The first error API in file order, else the first warning one; nullopt when none.
    std::optional<FailedApi> first_problem;

    std::size_t total() const { return pass + warning + error + skip; }
    void add(ApiLevel level);
};

// Every row of `result_csv` (rows of a resumed run included).
ResultCounts count_results(const std::filesystem::path& result_csv);

}  // namespace msprobe::precision
