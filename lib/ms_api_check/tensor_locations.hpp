#pragma once
// Where a tensor record's data_name is found. msprobe joins the dump's dump_data_dir and the data_name as
// written, so a relative dump_data_dir is taken from the working directory; that folder is looked in first,
// then (unless only msprobe's place is asked for) the same path from the dump.json's folder, the
// dump_tensor_data folder beside dump.json, and that folder itself: a dump is checked from anywhere.
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::ms_api_check {

class TensorLocations {
public:
    TensorLocations(const std::filesystem::path& dump_json, const std::string& dump_data_dir,
                    bool only_as_written = false);

    // The .npy file a data_name names: the first folder holding it. Throws CheckSkipped naming the places looked
    // in, or refusing a data_name that is a path rather than a file name.
    std::filesystem::path locate(const std::string& data_name) const;

    const std::vector<std::filesystem::path>& folders() const { return folders_; }

private:
    std::vector<std::filesystem::path> folders_;
};

}  // namespace msprobe::ms_api_check
