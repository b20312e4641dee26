#include "common/interrupt_cleanup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

namespace msprobe {

namespace fs = std::filesystem;

// One registration. Slots are never freed: a withdrawn slot goes to the free
// list and is reused, so the handler can walk the list at any time.
struct InterruptCleanup::Slot {
    std::atomic<std::uint32_t> sequence{0};  // odd while the slot is being written
    std::atomic<bool> in_use{false};
    std::atomic<Kind> kind{Kind::File};
    std::size_t capacity = 0;  // of path, fixed for the slot's life
    char* path = nullptr;
    Slot* next = nullptr;  // toward older slots; set before the slot is published
};

namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

std::atomic<InterruptCleanup::Slot*>& slot_list() {
    static std::atomic<InterruptCleanup::Slot*> head{nullptr};
    return head;
}

// Paths the handler copies are at most this long; a longer one could not be
// unlinked by name anyway (PATH_MAX), so it is not registered.
constexpr std::size_t kMaxPath = 4096;
// Slot capacities are powers of two from 256 to kMaxPath: five size classes.
constexpr std::size_t kSizeClasses = 5;

std::size_t size_class(std::size_t needed) {
    std::size_t c = 0;
    while ((std::size_t{256} << c) < needed) ++c;
    return c;
}

// Free slots per size class, for registrations only (never touched by the handler).
struct FreeSlots {
    std::mutex mutex;
    std::vector<InterruptCleanup::Slot*> slots[kSizeClasses];
};
FreeSlots& free_slots() {
    static auto* free = new FreeSlots;  // never destroyed: registrations may outlive static destruction order
    return *free;
}

// Calls on_entry(dir_fd, name) for each entry of the folder `dir` but . and ..,
// without allocating (getdents64 into a stack buffer), as a signal handler may.
template <class OnEntry>
void for_each_entry(const char* dir, int open_flags, OnEntry&& on_entry) {
    const int fd = ::open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | open_flags);
    if (fd < 0) return;
    alignas(8) char buffer[4096];
    for (;;) {
        const long n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (n <= 0) break;
        for (long offset = 0; offset < n;) {
            // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name
            unsigned short reclen = 0;
            std::memcpy(&reclen, buffer + offset + 16, sizeof reclen);
            const char* name = buffer + offset + 19;
            if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) on_entry(fd, name);
            offset += reclen;
        }
    }
    ::close(fd);
}

// Removes the entries of `dir` (one level: staging folders are flat).
void remove_folder_entries(const char* dir) {
    for_each_entry(dir, O_NOFOLLOW, [](int fd, const char* name) { ::unlinkat(fd, name, 0); });
}

// One pass over the slots of one kind; returns how many paths were removed.
int remove_paths_of(InterruptCleanup::Kind kind) {
    char path[kMaxPath];
    int removed = 0;
    for (auto* slot = slot_list().load(std::memory_order_acquire); slot != nullptr; slot = slot->next) {
        const std::uint32_t before = slot->sequence.load(std::memory_order_acquire);
        if ((before & 1U) != 0 || !slot->in_use.load(std::memory_order_acquire) ||
            slot->kind.load(std::memory_order_relaxed) != kind) {
            continue;
        }
        const std::size_t n = slot->capacity;  // at most kMaxPath, the size of `path`
        for (std::size_t i = 0; i < n; ++i) {
            path[i] = reinterpret_cast<volatile const char*>(slot->path)[i];
        }
        path[n - 1] = '\0';
        std::atomic_thread_fence(std::memory_order_acquire);
        if (slot->sequence.load(std::memory_order_relaxed) != before) continue;  // rewritten meanwhile
        switch (kind) {
            case InterruptCleanup::Kind::File:
                removed += ::unlink(path) == 0;
                break;
            case InterruptCleanup::Kind::Folder:
                remove_folder_entries(path);
                removed += ::rmdir(path) == 0;
                break;
            case InterruptCleanup::Kind::EmptyFolder:
                removed += ::rmdir(path) == 0;
                break;
        }
    }
    return removed;
}

void remove_all_registered() {
    const int saved = errno;
    remove_paths_of(InterruptCleanup::Kind::File);
    remove_paths_of(InterruptCleanup::Kind::Folder);
    // Nested folders may be listed in any order: repeat while an inner one goes.
    while (remove_paths_of(InterruptCleanup::Kind::EmptyFolder) > 0) {
    }
    errno = saved;
}

// The other threads are stopped before the paths are removed: a pool thread
// still running would go on creating staged files after the removal. Each is
// sent this signal, whose handler counts itself and waits for the process to end.
int freeze_signal() { return SIGRTMIN + 3; }
std::atomic<int> g_frozen{0};
std::atomic<bool> g_interrupting{false};

extern "C" void on_freeze(int) {
    g_frozen.fetch_add(1);
    for (;;) ::pause();
}

// Signals every other thread of the process (read from /proc/self/task without
// allocating) and waits, at most about 200 ms, until each has stopped.
void freeze_other_threads() {
    const pid_t self = static_cast<pid_t>(::syscall(SYS_gettid));
    const pid_t process = ::getpid();
    int sent = 0;
    for_each_entry("/proc/self/task", 0, [&](int, const char* name) {
        pid_t tid = 0;
        for (const char* c = name; *c >= '0' && *c <= '9'; ++c) tid = tid * 10 + (*c - '0');
        if (tid > 0 && tid != self && ::syscall(SYS_tgkill, process, tid, freeze_signal()) == 0) ++sent;
    });
    const timespec pause_a_millisecond{0, 1000000};
    for (int waited = 0; waited < 200 && g_frozen.load() < sent; ++waited) ::nanosleep(&pause_a_millisecond, nullptr);
}

extern "C" void on_interrupt(int signo) {
    if (g_interrupting.exchange(true)) {
        for (;;) ::pause();  // another thread's signal is already ending the process
    }
    freeze_other_threads();
    remove_all_registered();
    ::_exit(128 + signo);
}

InterruptCleanup::Slot* take_slot(std::size_t needed) {
    const std::size_t c = size_class(needed);
    {
        auto& free = free_slots();
        const std::lock_guard<std::mutex> lock(free.mutex);
        if (!free.slots[c].empty()) {
            auto* slot = free.slots[c].back();
            free.slots[c].pop_back();
            return slot;
        }
    }
    auto* slot = new InterruptCleanup::Slot;
    slot->capacity = std::size_t{256} << c;
    slot->path = new char[slot->capacity]();
    auto& head = slot_list();
    slot->next = head.load(std::memory_order_relaxed);
    while (!head.compare_exchange_weak(slot->next, slot, std::memory_order_release, std::memory_order_relaxed)) {
    }
    return slot;
}

}  // namespace

InterruptCleanup::InterruptCleanup(const fs::path& path, Kind kind) {
    const std::string& text = path.native();
    if (text.empty() || text.size() >= kMaxPath) return;
    slot_ = take_slot(text.size() + 1);
    slot_->sequence.fetch_add(1, std::memory_order_acq_rel);  // odd: being written
    std::memcpy(slot_->path, text.c_str(), text.size() + 1);
    slot_->kind.store(kind, std::memory_order_relaxed);
    slot_->in_use.store(true, std::memory_order_release);
    slot_->sequence.fetch_add(1, std::memory_order_release);
}

InterruptCleanup::~InterruptCleanup() { release(); }

InterruptCleanup::InterruptCleanup(InterruptCleanup&& other) noexcept : slot_(other.slot_) { other.slot_ = nullptr; }

InterruptCleanup& InterruptCleanup::operator=(InterruptCleanup&& other) noexcept {
    if (this != &other) {
        release();
        slot_ = other.slot_;
        other.slot_ = nullptr;
    }
    return *this;
}

void InterruptCleanup::release() {
    if (slot_ == nullptr) return;
    slot_->sequence.fetch_add(1, std::memory_order_acq_rel);
    slot_->in_use.store(false, std::memory_order_release);
    slot_->sequence.fetch_add(1, std::memory_order_release);
    {
        auto& free = free_slots();
        const std::lock_guard<std::mutex> lock(free.mutex);
        free.slots[size_class(slot_->capacity)].push_back(slot_);
    }
    slot_ = nullptr;
}

void install_interrupt_cleanup() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action {};
        action.sa_handler = on_interrupt;
        sigemptyset(&action.sa_mask);
        for (const int s : kSignals) sigaddset(&action.sa_mask, s);  // one cleanup, not one per signal
        for (const int s : kSignals) {
            struct sigaction previous {};
            ::sigaction(s, nullptr, &previous);
            if (previous.sa_handler == SIG_IGN) continue;  // nohup, or a launcher that wants it ignored
            ::sigaction(s, &action, nullptr);
        }
        struct sigaction freeze {};
        freeze.sa_handler = on_freeze;
        sigfillset(&freeze.sa_mask);
        ::sigaction(freeze_signal(), &freeze, nullptr);
    });
}

void remove_registered_paths() { remove_all_registered(); }

std::size_t registered_path_count() {
    std::size_t count = 0;
    for (auto* slot = slot_list().load(std::memory_order_acquire); slot != nullptr; slot = slot->next) {
        count += slot->in_use.load(std::memory_order_acquire);
    }
    return count;
}

}  // namespace msprobe
