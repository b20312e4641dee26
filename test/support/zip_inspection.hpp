#pragma once
// Reads a zip archive by hand, record by record, to check what the writer
// promised: end records (zip64 included), central directory, local headers,
// data descriptors, and every member's deflate stream, CRC-32 and sizes
// recomputed with zlib.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::testing {

struct ZipMemberInfo {
    std::string name;
    std::string data;  // inflated contents (empty when not kept)
    std::uint32_t crc32 = 0;
    std::uint64_t compressed_size = 0;
    std::uint64_t uncompressed_size = 0;
    bool zip64_sizes = false;  // the central directory needed a zip64 extra field
};

struct ZipInspection {
    std::vector<ZipMemberInfo> members;  // in central directory order
    bool zip64_end_records = false;
    std::vector<std::string> problems;  // empty when every record agrees
};

// A whole raw deflate stream inflated by zlib, or a note in angle brackets when
// it is corrupt, does not end, or has bytes after its end.
std::string inflated_raw(std::string_view deflated);

// `keep_data` false inflates and checks members without keeping their contents.
ZipInspection inspect_zip(const std::filesystem::path& path, bool keep_data = true);

}  // namespace msprobe::testing
