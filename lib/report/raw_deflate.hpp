#pragma once
// Raw deflate (no zlib header or trailer), the form zip entries hold, by one
// of two encoders: ISA-L's igzip (at its level 1 about 3x faster than zlib's
// level 1 on sheet XML, at a slightly better ratio) or zlib, the plain
// reference beside it. ISA-L picks its code for the CPU at run time (SSE to
// AVX-512 on x86-64, NEON on aarch64), so a process checks it once, on first
// use, by inflating a sample with zlib; if that fails, or MSPROBE_DEFLATE=zlib
// says so, zlib does the work (with a warning in the first case). Both give
// valid streams; their bytes differ.
#include <cstdint>
#include <string>
#include <string_view>

namespace msprobe::report {

enum class DeflateEncoder { Isal, Zlib };

// The encoder this process uses: the override, else ISA-L once it has passed its check.
DeflateEncoder active_deflate_encoder();

// Levels run from 0 (fastest) to 3 (tightest): ISA-L's own, or zlib's 1, 1, 3 and 6.
inline constexpr int kMaxDeflateLevel = 3;

// Compresses `text` into `out` (replacing its contents) as raw deflate primed
// with `dictionary` (the text just before it in the stream, at most 32 KiB
// used). A piece in the middle of a stream (`last` false) ends on a byte
// boundary (a sync flush), so pieces concatenate; the last one ends the stream.
void deflate_piece(std::string& out, std::string_view text, std::string_view dictionary, int level, bool last,
                   DeflateEncoder encoder = active_deflate_encoder());

// `text` compressed as one complete raw deflate stream.
std::string deflate_raw(std::string_view text, int level, DeflateEncoder encoder = active_deflate_encoder());

// The CRC-32 of `text` (zlib's and zip's), by ISA-L.
std::uint32_t crc32_of(std::string_view text);
// The CRC-32 of a text whose first part has `first` and second part `second` of `second_size` bytes.
std::uint32_t crc32_joined(std::uint32_t first, std::uint32_t second, std::uint64_t second_size);

}  // namespace msprobe::report
