#include "ms_api_check/tensor_locations.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "dump/data_name.hpp"
#include "ms_api_check/check_skipped.hpp"

namespace msprobe::ms_api_check {

TensorLocations::TensorLocations(const std::filesystem::path& dump_json, const std::string& dump_data_dir,
                                 bool only_as_written) {
    const std::filesystem::path written(dump_data_dir);
    const auto beside = dump_json.parent_path();
    std::vector<std::filesystem::path> candidates = {written};
    if (!only_as_written) {
        if (written.is_relative()) candidates.push_back(beside / written);
        candidates.push_back(beside / "dump_tensor_data");
        candidates.push_back(beside);
    }
    for (auto& c : candidates) {
        c = c.lexically_normal();
        if (c.empty()) c = ".";
        if (std::find(folders_.begin(), folders_.end(), c) == folders_.end()) folders_.push_back(c);
    }
}

std::filesystem::path TensorLocations::locate(const std::string& data_name) const {
    if (const auto problem = dump::data_name_problem(data_name)) {
        throw CheckSkipped(fmt::format("data_name '{}' is not a file name: {}", data_name, *problem));
    }
    std::vector<std::string> looked;
    for (const auto& folder : folders_) {
        const auto file = folder / data_name;
        std::error_code ec;
        if (std::filesystem::is_regular_file(file, ec)) return file;
        looked.push_back(folder.string());
    }
    throw CheckSkipped(fmt::format("{}: no such file in {}", data_name, fmt::join(looked, ", ")));
}

}  // namespace msprobe::ms_api_check
