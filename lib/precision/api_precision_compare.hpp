#pragma once
// api_precision_compare: judges the precision-standard
// metrics of a device-under-test run_ut details file against those of a
// trusted device, writing api_precision_compare_result_<TS>.csv and
// api_precision_compare_details_<TS>.csv.
#include <filesystem>
#include <string>

namespace msprobe::precision {

struct ApiPrecisionCompareOptions {
    std::filesystem::path npu_csv;
    std::filesystem::path gpu_csv;
    std::filesystem::path out_dir = ".";
    std::string timestamp;  // %Y%m%d%H%M%S; empty = now
    bool strict_compat = false;  // msprobe's cells where we differ on purpose (docs/compatibility.md)
};

struct ApiPrecisionCompareOutcome {
    std::filesystem::path result_csv;
    std::filesystem::path details_csv;
    std::size_t apis = 0;
    std::size_t failed_apis = 0;   // forward or backward not successful
    std::string first_failed_api;  // in result order; "" when every API passed
};

// Throws msprobe::Error for unreadable inputs, missing columns, or a name
// that occurs twice in the GPU file; nothing is written then.
ApiPrecisionCompareOutcome api_precision_compare(const ApiPrecisionCompareOptions& options);

}  // namespace msprobe::precision
