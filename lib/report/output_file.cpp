#include "report/output_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>

#include "common/error.hpp"

namespace msprobe::report {

namespace fs = std::filesystem;

namespace {

// Whether the output directory as typed is itself a symbolic link (msprobe's
// FileChecker rule). Links further up the path are accepted: system paths
// such as /home are often links, and refusing them would refuse most users.
bool is_symlink_as_typed(const fs::path& path) {
    // "link/" names "link"; lstat("link/") would follow it.
    const fs::path named = path.has_filename() ? path : path.parent_path();
    struct stat st {};
    return ::lstat(named.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

// rename() that fails with EEXIST instead of replacing a file; link()+unlink()
// where the file system has no RENAME_NOREPLACE.
int rename_no_replace(const fs::path& from, const fs::path& to) {
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    if (::link(from.c_str(), to.c_str()) != 0) return -1;
    ::unlink(from.c_str());
    return 0;
}

// The number goes before the name's extension, and before a letters-only
// extension ahead of it too: compare_<ts>.vis.db → compare_<ts>_1.vis.db.
fs::path numbered(const fs::path& target, int n) {
    fs::path stem = target.stem();
    std::string extension = target.extension().string();
    const std::string inner = stem.extension().string();
    const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
    if (inner.size() > 1 && std::all_of(inner.begin() + 1, inner.end(), letter)) {
        extension = inner + extension;
        stem = stem.stem();
    }
    return target.parent_path() / fmt::format("{}_{}{}", stem.string(), n, extension);
}

// Moves temp to target or, when target's name is taken and both are kept, to the first free numbered name.
fs::path place(const fs::path& temp, const fs::path& target, Existing existing) {
    auto fail = [&](int err) {
        return Error(target.string(), fmt::format("cannot move the result into place: {}", std::strerror(err)));
    };
    if (existing == Existing::Replace) {
        if (std::rename(temp.c_str(), target.c_str()) != 0) throw fail(errno);
        return target;
    }
    constexpr int kMaxNumber = 9999;
    for (int n = 0; n <= kMaxNumber; ++n) {
        const fs::path candidate = n == 0 ? target : numbered(target, n);
        if (rename_no_replace(temp, candidate) == 0) return candidate;
        if (errno != EEXIST) throw fail(errno);
    }
    throw Error(target.string(),
                fmt::format("cannot move the result into place: {} numbered names are taken", kMaxNumber));
}

}  // namespace

void check_output_dir(const fs::path& dir) {
    if (dir.empty()) throw Error("", "the output directory is an empty string");
    if (is_symlink_as_typed(dir))
        throw Error(dir.string(), "the output directory is a symbolic link; give its real path");
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) {
        if (errno == ENOENT) return;  // created when the first file is staged
        throw Error(dir.string(), fmt::format("cannot use as the output directory: {}", std::strerror(errno)));
    }
    if (!S_ISDIR(st.st_mode)) throw Error(dir.string(), "output path exists and is not a directory");
    if (::access(dir.c_str(), W_OK | X_OK) != 0) throw Error(dir.string(), "output directory is not writable");
}

void ensure_output_dir(const fs::path& dir) {
    check_output_dir(dir);
    std::error_code ec;
    if (fs::exists(dir, ec)) return;
    fs::create_directories(dir, ec);
    if (ec) throw Error(dir.string(), fmt::format("cannot create the output directory: {}", ec.message()));
    ::chmod(dir.c_str(), 0750);
}

void StagedFiles::make_parent_dirs(const fs::path& dir) {
    if (dir.empty()) return;
    check_output_dir(dir);
    std::vector<fs::path> missing;
    for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
        struct stat st {};
        if (::stat(p.c_str(), &st) == 0) break;
        missing.push_back(p);
        if (p == p.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        if (::mkdir(it->c_str(), 0750) == 0) {
            ::chmod(it->c_str(), 0750);
            created_dirs_.push_back({*it, InterruptCleanup(*it, InterruptCleanup::Kind::EmptyFolder)});
        } else if (errno != EEXIST) {
            throw Error(dir.string(), fmt::format("cannot create the output directory: {}", std::strerror(errno)));
        }
    }
}

StagedFiles::~StagedFiles() {
    for (const auto& entry : staged_) ::unlink(entry.temp.c_str());
    // Directories this run made and left empty go again; rmdir refuses non-empty ones.
    for (auto it = created_dirs_.rbegin(); it != created_dirs_.rend(); ++it) ::rmdir(it->path.c_str());
}

fs::path StagedFiles::stage(const fs::path& target, const std::function<void(const fs::path&)>& write,
                            std::optional<Existing> existing) {
    auto temp = target.parent_path() / fmt::format(".{}.staged-{}", target.filename().string(), ::getpid());
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        // A name staged twice (ranks written in parallel within one second) gets a temporary file of its own.
        for (std::size_t again = 1; staged_temps_.count(temp.native()) > 0; ++again) {
            temp = target.parent_path() /
                   fmt::format(".{}.staged-{}-{}", target.filename().string(), ::getpid(), again);
        }
        make_parent_dirs(target.parent_path());
        staged_.push_back({temp, target, {}, existing, InterruptCleanup(temp)});
        staged_temps_.insert(temp.native());
    }
    try {
        write(temp);
    } catch (const Error& e) {
        note_failure(target);
        if (e.file() == temp.string()) throw Error(target.string(), e.reason(), e.exit_code());
        throw;
    } catch (...) {
        note_failure(target);
        throw;
    }
    ::chmod(temp.c_str(), 0640);
    return temp;
}

fs::path StagedFiles::stage_text(const fs::path& target, const std::string& text) {
    return stage(target, [&](const fs::path& temp) {
        std::ofstream out(temp, std::ios::binary);
        out << text;
        if (!out.flush()) throw Error(target.string(), "write failed");
    });
}

void StagedFiles::note_failure(const fs::path& target) {
    discard(target);
    const std::lock_guard<std::mutex> lock(mutex_);
    failed_ = true;
}

bool StagedFiles::failed() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return failed_;
}

void StagedFiles::discard(const fs::path& target) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = std::find_if(staged_.begin(), staged_.end(), [&](const Entry& e) { return e.target == target; });
    if (it == staged_.end()) return;
    ::unlink(it->temp.c_str());
    staged_.erase(it);
}

std::vector<fs::path> StagedFiles::commit() {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::vector<fs::path> placed;
    try {
        for (auto& entry : staged_) {
            entry.placed = place(entry.temp, entry.target, entry.existing.value_or(existing_));
            entry.cleanup.release();
            placed.push_back(entry.placed);
        }
    } catch (...) {
        for (const auto& p : placed) ::unlink(p.c_str());  // all of this run's files or none
        throw;
    }
    committed_.insert(committed_.end(), std::make_move_iterator(staged_.begin()),
                      std::make_move_iterator(staged_.end()));
    staged_.clear();
    created_dirs_.clear();  // they hold results now
    return placed;
}

fs::path StagedFiles::placed(const fs::path& target) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : committed_) {
        if (entry.target == target) return entry.placed;
    }
    return target;
}

fs::path write_atomically(const fs::path& target, const std::function<void(const fs::path&)>& write,
                          Existing existing) {
    StagedFiles staged(existing);
    staged.stage(target, write);
    return staged.commit().front();
}

fs::path write_text_atomically(const fs::path& target, const std::string& text, Existing existing) {
    StagedFiles staged(existing);
    staged.stage_text(target, text);
    return staged.commit().front();
}

void remove_placed_files(const std::vector<fs::path>& files, const fs::path& output_dir, bool output_dir_existed) {
    std::error_code ec;
    const fs::path top = output_dir.lexically_normal();
    for (const auto& file : files) {
        fs::remove(file, ec);
        if (top.empty()) continue;
        for (fs::path dir = file.parent_path().lexically_normal(); !dir.empty(); dir = dir.parent_path()) {
            const bool is_top = dir == top;
            if (is_top && output_dir_existed) break;
            if (::rmdir(dir.c_str()) != 0 || is_top || dir == dir.parent_path()) break;
        }
    }
}

}  // namespace msprobe::report
