#pragma once
// The files this process has opened as input (through InputFile), so that an
// output about to replace a file can tell whether it would destroy one of the
// run's own inputs (`--html dump.json`).
#include <filesystem>

#include <sys/stat.h>

namespace msprobe {

// Notes an opened input file by its device and inode.
void note_run_input(const struct stat& opened);

// True when `path` names an existing file this process opened as input
// (the same inode, whatever path reached it).
bool is_run_input(const std::filesystem::path& path);

}  // namespace msprobe
