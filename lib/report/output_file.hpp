#pragma once
// Writes a result file all-or-nothing: the content goes to a hidden temporary
// file beside the target, which is renamed into place only when complete, so
// an error never leaves a half-written result behind.
#include <filesystem>
#include <functional>
#include <string>

namespace msprobe::report {

// Creates the directory (and parents) if missing; throws msprobe::Error naming
// it when that fails or it is not writable.
void ensure_output_dir(const std::filesystem::path& dir);

// Calls write(temp_path), then renames temp_path to target (mode 0640).
// On any exception the temporary file is removed and the exception rethrown.
void write_atomically(const std::filesystem::path& target,
                      const std::function<void(const std::filesystem::path& temp_path)>& write);

// The local time as msprobe stamps its output file names: "YYYYmmddHHMMSS".
std::string file_timestamp();

}  // namespace msprobe::report
