#pragma once
// Writes a result file all-or-nothing: the content goes to a hidden temporary
// file beside the target, which is renamed into place only when complete, so
// an error never leaves a half-written result behind.
#include <filesystem>
#include <functional>
#include <string>
#include <mutex>
#include <utility>
#include <vector>

namespace msprobe::report {

// Creates the directory (and parents) if missing; throws msprobe::Error naming
// it when that fails or it is not writable.
void ensure_output_dir(const std::filesystem::path& dir);

// Calls write(temp_path), then renames temp_path to target (mode 0640).
// On any exception the temporary file is removed and the exception rethrown.
void write_atomically(const std::filesystem::path& target,
                      const std::function<void(const std::filesystem::path& temp_path)>& write);

// Files that appear together or not at all: stage() writes each one to a
// hidden temporary file beside its target, commit() renames them all into
// place, and whatever was not committed is removed on destruction (so an
// error in a later file leaves none of them behind). stage() may be called
// from several threads.
class StagedFiles {
public:
    StagedFiles() = default;
    ~StagedFiles();
    StagedFiles(const StagedFiles&) = delete;
    StagedFiles& operator=(const StagedFiles&) = delete;

    // Calls write(temp_path) and returns temp_path, which stays readable until commit().
    std::filesystem::path stage(const std::filesystem::path& target,
                                const std::function<void(const std::filesystem::path& temp_path)>& write);
    // Moves every staged file into place (mode 0640), in staging order; returns the targets.
    std::vector<std::filesystem::path> commit();

private:
    std::mutex mutex_;
    std::vector<std::pair<std::filesystem::path, std::filesystem::path>> staged_;  // temp, target
};

}  // namespace msprobe::report
