#pragma once
// What an interrupted run must not leave behind. Staged results, temporary
// databases and staging folders are registered here while they exist; when
// SIGINT, SIGTERM or SIGHUP ends the run, the handler removes every registered
// path before the process exits with 128 + the signal's number (130, 143,
// 129), so a killed run leaves the output folder as it found it.
//
// Before removing anything the handler stops the process's other threads
// (a real-time signal each, SIGRTMIN + 3, whose handler waits for the end),
// so that no thread creates a staged file after the removal.
// The handler may run on any thread at any moment, so it takes no lock and
// allocates nothing: registrations live in a list that is only ever appended
// to, and each entry is read under a sequence counter (a seqlock), so a path
// being written or withdrawn while the signal arrives is skipped, never read
// half-written.
#include <cstddef>
#include <filesystem>

namespace msprobe {

class InterruptCleanup {
public:
    enum class Kind {
        File,         // unlinked
        Folder,       // its entries (one level: staging folders are flat), then the folder
        EmptyFolder,  // removed only when empty (a folder the run created for its results)
    };

    InterruptCleanup() = default;
    // Registers `path` until this object is destroyed or released.
    explicit InterruptCleanup(const std::filesystem::path& path, Kind kind = Kind::File);
    ~InterruptCleanup();
    InterruptCleanup(InterruptCleanup&& other) noexcept;
    InterruptCleanup& operator=(InterruptCleanup&& other) noexcept;
    InterruptCleanup(const InterruptCleanup&) = delete;
    InterruptCleanup& operator=(const InterruptCleanup&) = delete;

    // Withdraws the registration (the path was renamed into place or removed).
    void release();

    struct Slot;  // one registration, as the handler reads it (interrupt_cleanup.cpp)

private:
    Slot* slot_ = nullptr;
};

// Installs the handlers for SIGINT, SIGTERM and SIGHUP (once per process).
// A handler a caller installs later (run_ut's worker loop) takes precedence
// until it restores this one.
void install_interrupt_cleanup();

// Removes every registered path now, as the handler does; for tests.
void remove_registered_paths();

// How many paths are registered; for tests.
std::size_t registered_path_count();

}  // namespace msprobe
