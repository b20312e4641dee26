#pragma once
// What a path the user gave is, asked of the system once. A path the system
// refuses to look at (a loop of soft links, a name longer than the file system
// allows, no permission on the way) is the user's input error, named with the
// system's reason in plain words, never a std::filesystem exception.
#include <filesystem>
#include <string>

namespace msprobe {

// The status of `path`, following links; file_type::not_found when nothing is
// there (or a component on the way is not a folder). Throws
// msprobe::Error(path, refused_path_reason(errno)) when the system cannot tell.
std::filesystem::file_status path_status(const std::filesystem::path& path);

// Plain words for why the system refused a path: "too many levels of symbolic
// links", "file name too long", "permission denied", ...; strerror's otherwise.
std::string refused_path_reason(int error);

}  // namespace msprobe
