#pragma once
// How much more memory this process can take before the system refuses it or
// kills it: the least of MemAvailable (/proc/meminfo), the cgroup's remaining
// memory.max, and the address space left under RLIMIT_AS. Readers compare
// their expected footprint with it before loading a big file, so an input that
// cannot fit ends in a clear message instead of an out-of-memory kill.
#include <cstdint>
#include <optional>

namespace msprobe {

// nullopt when none of the three can be read (then nothing is refused).
std::optional<std::uintmax_t> available_memory_bytes();

// Memory promised to a load in progress. Files read side by side (a compare's
// NPU and bench dumps) each subtract what the others have reserved and not yet
// allocated, so two loads cannot both count on the same free memory.
class MemoryReservation {
public:
    // Reserves `bytes`, or returns nullopt and sets `available` to what was left.
    static std::optional<MemoryReservation> try_reserve(std::uintmax_t bytes, std::uintmax_t& available);

    ~MemoryReservation();
    MemoryReservation(MemoryReservation&& other) noexcept : bytes_(other.bytes_) { other.bytes_ = 0; }
    MemoryReservation(const MemoryReservation&) = delete;
    MemoryReservation& operator=(const MemoryReservation&) = delete;
    MemoryReservation& operator=(MemoryReservation&&) = delete;

private:
    explicit MemoryReservation(std::uintmax_t bytes) : bytes_(bytes) {}
    std::uintmax_t bytes_;
};

class InputFile;

// Reserves `bytes_per_byte` times the size of `input` for reading it, or throws
// msprobe::Error naming the file with what it needs and what is available.
MemoryReservation reserve_for_reading(const InputFile& input, std::uintmax_t bytes_per_byte);

}  // namespace msprobe
