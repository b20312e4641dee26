#include "common/memory_budget.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <string>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe {

namespace {

std::mutex reservations_mutex;
std::uintmax_t reserved_bytes = 0;  // promised to loads in progress

std::optional<std::uintmax_t> meminfo_available() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uintmax_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit) {
        if (key == "MemAvailable:") return kib * 1024;
    }
    return std::nullopt;
}

std::optional<std::uintmax_t> read_number(const char* file) {
    std::ifstream in(file);
    std::string text;
    if (!(in >> text) || text == "max") return std::nullopt;
    try {
        return std::stoull(text);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// cgroup v2: what is left of this group's memory.max.
std::optional<std::uintmax_t> cgroup_available() {
    const auto limit = read_number("/sys/fs/cgroup/memory.max");
    const auto used = read_number("/sys/fs/cgroup/memory.current");
    if (!limit || !used) return std::nullopt;
    return *limit > *used ? *limit - *used : 0;
}

std::optional<std::uintmax_t> address_space_available() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
    std::ifstream in("/proc/self/statm");
    std::uintmax_t pages = 0;
    if (!(in >> pages)) return std::nullopt;
    const std::uintmax_t used = pages * static_cast<std::uintmax_t>(::sysconf(_SC_PAGESIZE));
    return limit.rlim_cur > used ? limit.rlim_cur - used : 0;
}

}  // namespace

std::optional<std::uintmax_t> available_memory_bytes() {
    std::optional<std::uintmax_t> least;
    for (const auto& bound : {meminfo_available(), cgroup_available(), address_space_available()}) {
        if (bound) least = least ? std::min(*least, *bound) : *bound;
    }
    return least;
}

std::optional<MemoryReservation> MemoryReservation::try_reserve(std::uintmax_t bytes, std::uintmax_t& available) {
    const auto unreserved = available_memory_bytes();
    const std::lock_guard lock(reservations_mutex);
    if (!unreserved) {
        reserved_bytes += bytes;
        return MemoryReservation(bytes);
    }
    available = *unreserved > reserved_bytes ? *unreserved - reserved_bytes : 0;
    if (bytes > available) return std::nullopt;
    reserved_bytes += bytes;
    return MemoryReservation(bytes);
}

MemoryReservation::~MemoryReservation() {
    if (bytes_ == 0) return;
    const std::lock_guard lock(reservations_mutex);
    reserved_bytes -= bytes_;
}

MemoryReservation reserve_for_reading(const InputFile& input, std::uintmax_t bytes_per_byte) {
    const std::uintmax_t needed = input.size() * bytes_per_byte;
    std::uintmax_t available = 0;
    if (auto reservation = MemoryReservation::try_reserve(needed, available)) return std::move(*reservation);
    constexpr double kMiB = 1024.0 * 1024.0;
    throw Error(input.path(),
                fmt::format("is {:.0f} MiB; reading it needs about {:.0f} MiB of memory and only {:.0f} MiB is "
                            "available",
                            static_cast<double>(input.size()) / kMiB, static_cast<double>(needed) / kMiB,
                            static_cast<double>(available) / kMiB));
}

}  // namespace msprobe
