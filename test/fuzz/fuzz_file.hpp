#pragma once
// What every reader fuzz target shares: the input bytes become a real file
// (the readers take paths, and the path-based checks are part of what is
// tested), and a reader may only end in one of two ways — a result, or a
// msprobe::Error naming the file. Any other exception is a defect and must
// reach libFuzzer as a crash, so nothing else is caught here.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <string_view>

#include "common/error.hpp"

namespace msprobe::fuzz {

// A scratch directory of this process (tmpfs when there is one), removed at exit.
inline const std::filesystem::path& scratch_dir() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path base = std::filesystem::exists("/dev/shm") ? "/dev/shm" : "/tmp";
        auto d = base / ("msprobe-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

// Writes the input as `name` in the scratch directory and returns its path.
inline std::filesystem::path input_file(std::string_view name, const std::uint8_t* data, std::size_t size) {
    const auto path = scratch_dir() / name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

// Runs one reader; a msprobe::Error is an accepted outcome (bad input refused).
template <class Read>
void expect_result_or_error(Read&& read) {
    try {
        read();
    } catch (const msprobe::Error&) {
    }
}

inline std::span<const std::byte> as_bytes(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const std::byte*>(data), size};
}

}  // namespace msprobe::fuzz
