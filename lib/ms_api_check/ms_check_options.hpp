#pragma once
// What a MindSpore checker run is asked to do. Plain data, so the command line builds it without libtorch.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::ms_api_check {

struct MsCheckOptions {
    std::filesystem::path api_info;       // the MindSpore dump.json
    std::filesystem::path out_dir = ".";  // created if missing (also when continuing)
    std::filesystem::path resume_csv;     // -csv_path: an accuracy_checking_result_<ts>.csv to continue
    bool save_error_data = false;         // -save_error_data: <out>/error_data is made (see docs/run_ut.md)
    std::vector<int> devices = {0};       // the workers of a split run, one per id
    bool split_over_devices = false;      // deal the APIs round robin over `devices` (multi_acc_check)
    bool split_records_skips = true;      // false: a split run writes no SKIP row (msprobe's multi checker)
    bool tensors_where_written = false;   // look for .npy files only under dump_data_dir as written
    bool bare_api_wrong_message = false;  // an API torch lacks: msprobe's bare "something wrong with api: "
    bool verbatim_formulas = false;       // CSV cells written as they are (no formula guard)
    std::string timestamp;                // empty = now
};

struct MsCheckSummary {
    std::filesystem::path result_csv;   // empty when no API was checked (no file is written then)
    std::filesystem::path details_csv;
    bool statistics_dump = false;
    std::size_t apis = 0;               // APIs of the dump the checker takes
    std::size_t already_recorded = 0;   // of them, in the continued result file
    std::size_t left_out = 0;           // dump entries outside the support list
    std::string left_out_example;
    std::size_t pass = 0;               // result rows by outcome: any error, else any SKIP, else pass
    std::size_t error = 0;
    std::size_t skip = 0;
};

}  // namespace msprobe::ms_api_check
