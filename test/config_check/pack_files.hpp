#pragma once
// Configuration packs for the tests: a folder zipped as msprobe's packs are (deflated members, "/" paths), or
// members named freely (for the hostile ones), through the project's zip writer.
#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "common/zip_stream_writer.hpp"
#include "report/raw_deflate.hpp"
#include "support/file_text.hpp"

namespace msprobe::testing {

using PackMembers = std::vector<std::pair<std::string, std::string>>;  // name, contents

inline void write_pack_members(const std::filesystem::path& zip_path, const PackMembers& members) {
    std::filesystem::create_directories(zip_path.parent_path());
    zip::ZipStreamWriter zip(zip_path);
    for (const auto& [name, text] : members) {
        zip.begin_entry(name);
        zip.write(report::deflate_raw(text, 1));
        zip.end_entry(report::crc32_of(text), text.size());
    }
    zip.finish();
}

// Every file below `dir`, by relative path.
inline void write_pack_of_folder(const std::filesystem::path& zip_path, const std::filesystem::path& dir) {
    PackMembers members;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file()) continue;
        members.emplace_back(entry.path().lexically_relative(dir).generic_string(), read_file_text(entry.path()));
    }
    std::sort(members.begin(), members.end());
    write_pack_members(zip_path, members);
}

}  // namespace msprobe::testing
