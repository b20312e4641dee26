#pragma once
// A configuration pack (a zip) unpacked into a folder, with msprobe's checks (extract_zip, check_zip_file): the
// name must end in ".zip"; no member may have an absolute name, be larger than 1 GiB, or bring the total past
// 10 GiB; and, where Python's zipfile would quietly drop the ".." parts of a member's name, such a member is
// refused. Members are written as regular files (a later member of the same name wins, as extractall does).
#include <filesystem>

namespace msprobe::config_check {

// Unpacks `pack` into `dir` (created if missing). Throws msprobe::Error naming the pack and the reason when it
// is missing, not a readable zip, damaged (a CRC or size mismatch) or breaks one of the rules above.
void unpack_pack(const std::filesystem::path& pack, const std::filesystem::path& dir);

}  // namespace msprobe::config_check
