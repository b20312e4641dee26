#pragma once
// A MindSpore dump.json as msprobe's MindSpore checker parses it (ApiAccuracyChecker.parse): its task
// (statistics or tensor), the framework the tested side ran (a missing or unknown "framework" falls back to
// mindspore with a warning), dump_data_dir (tensor task), and the checkable entries grouped by API in the order
// their first entry appears.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dump/json_file.hpp"
#include "dump/json_view.hpp"
#include "ms_api_check/support_list.hpp"

namespace msprobe::ms_api_check {

enum class DumpTask { Statistics, Tensor };

struct MsApi {
    std::string name;         // "MintFunctional.relu.0"
    dump::JsonView forward;   // empty when the dump has no forward entry for it
    dump::JsonView backward;  // empty when the dump has no backward entry for it
};

struct MsDump {
    std::shared_ptr<const dump::JsonFile> file;  // the views point into it
    DumpTask task = DumpTask::Tensor;
    TestedFramework framework = TestedFramework::MindSpore;
    std::string framework_warning;  // why "framework" was not used as written, empty when it was
    std::string dump_data_dir;      // as written (tensor task)
    std::vector<MsApi> apis;
    std::size_t left_out = 0;       // entries outside the support list
    std::string left_out_example;   // the first of them
};

// Throws msprobe::Error naming the file for what makes msprobe's parse fail: a missing or unknown task, a tensor
// dump without dump_data_dir, "data" not an object, an API name msprobe's pattern check refuses.
MsDump read_ms_dump(const std::filesystem::path& path);

}  // namespace msprobe::ms_api_check
