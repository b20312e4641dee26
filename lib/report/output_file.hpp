#pragma once
// Result files appear all-or-nothing: each is written to a hidden temporary
// file beside its target and renamed into place only when every file of the
// run is complete. The output directory is created only then, when there is
// something to write, and a result another run wrote is never replaced.
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "common/interrupt_cleanup.hpp"

namespace msprobe::report {

// Refuses an output directory that exists and is not a writable directory, or
// whose path (as given) passes through a symbolic link. Creates nothing: the
// directory is made when the first file is staged into it.
void check_output_dir(const std::filesystem::path& dir);

// check_output_dir, then creates the directory (mode 0750) if missing: for the
// writers that append to their files as they go (run_ut, api_precision_compare).
void ensure_output_dir(const std::filesystem::path& dir);

// What happens when a file of the target's name already exists at commit time.
enum class Existing {
    KeepBoth,  // the new file takes the first free name stem_1.ext, stem_2.ext, ...
    Replace,   // the new file replaces it (names that are the same on every run)
};

// Files that appear together or not at all: stage() writes each one to a
// hidden temporary file beside its target (creating the target's directory if
// needed), commit() renames them all into place, and whatever was not
// committed is removed on destruction, with any directory the staging created
// (so an error leaves nothing behind). Until commit, the temporary files and
// the directories staging made are registered with InterruptCleanup, so an
// interrupted run leaves none of them either. stage() may be called from
// several threads.
class StagedFiles {
public:
    explicit StagedFiles(Existing existing = Existing::KeepBoth) : existing_(existing) {}
    ~StagedFiles();
    StagedFiles(const StagedFiles&) = delete;
    StagedFiles& operator=(const StagedFiles&) = delete;

    // Calls write(temp_path) and returns temp_path, which stays readable until
    // commit(). When write throws, its partial file is removed at once and an
    // error about the temporary file is reported as one about the target.
    // `existing` overrides this instance's policy for this file alone (a
    // report page that replaces its namesake among results that keep both).
    std::filesystem::path stage(const std::filesystem::path& target,
                                const std::function<void(const std::filesystem::path& temp_path)>& write,
                                std::optional<Existing> existing = std::nullopt);
    // stage() of a file holding `text`.
    std::filesystem::path stage_text(const std::filesystem::path& target, const std::string& text);
    // Forgets a staged file whose writer found nothing to write.
    void discard(const std::filesystem::path& target);
    // Moves every staged file into place (mode 0640), in staging order, and
    // returns where each one went. If one rename fails, the files this call
    // already moved are removed again before the error is thrown.
    std::vector<std::filesystem::path> commit();
    // Where a committed target went (itself unless its name was taken).
    std::filesystem::path placed(const std::filesystem::path& target) const;
    // True once a write failed: the run's files must then not appear at all.
    bool failed() const;

private:
    struct Entry {
        std::filesystem::path temp;
        std::filesystem::path target;
        std::filesystem::path placed;
        std::optional<Existing> existing;  // the instance's policy when unset
        InterruptCleanup cleanup;           // of temp, until it is placed or removed
    };
    void make_parent_dirs(const std::filesystem::path& dir);
    void note_failure(const std::filesystem::path& target);

    Existing existing_;
    mutable std::mutex mutex_;
    std::vector<Entry> staged_;
    std::unordered_set<std::string> staged_temps_;  // every temporary name taken, so staging stays O(1) a file
    std::vector<Entry> committed_;
    struct CreatedDir {
        std::filesystem::path path;
        InterruptCleanup cleanup;  // until it holds results
    };
    std::vector<CreatedDir> created_dirs_;  // outermost first
    bool failed_ = false;
};

// One file on its own: stage(target), then commit(); returns where it went.
std::filesystem::path write_atomically(const std::filesystem::path& target,
                                       const std::function<void(const std::filesystem::path& temp_path)>& write,
                                       Existing existing = Existing::KeepBoth);

// `text` as one file on its own, as stage_text then commit() would place it.
std::filesystem::path write_text_atomically(const std::filesystem::path& target, const std::string& text,
                                            Existing existing = Existing::KeepBoth);

// Takes back files a run already placed, when a later file of the same run
// failed: each file, then the folders on its way up to `output_dir` that it
// leaves empty (`output_dir` too when the run created it).
void remove_placed_files(const std::vector<std::filesystem::path>& files, const std::filesystem::path& output_dir,
                         bool output_dir_existed);

}  // namespace msprobe::report
