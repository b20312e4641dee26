#pragma once
// The central directory of a ZIP archive held in memory (the subset torch.save
// writes): classic and ZIP64 end records, stored entries read
// in place. Names are checked on open (no absolute paths, `..`, backslashes,
// NULs or duplicates), and every entry's data must lie inside the archive.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::tensor {

struct ZipEntry {
    std::string name;
    std::uint64_t data_offset = 0;  // first byte of the entry's data in the archive
    std::uint64_t compressed_size = 0;
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;
    std::uint16_t method = 0;  // 0 stored, 8 deflate, ...
};

class ZipArchive {
public:
    static constexpr std::size_t kMaxEntries = 1024;

    // Throws msprobe::Error naming `file` when the directory is missing,
    // truncated, inconsistent or names an unsafe entry.
    // A tensor file holds a handful of records; `max_entries` admits more
    // (a training checkpoint keeps one storage record per tensor).
    ZipArchive(std::span<const std::byte> archive, std::string file, std::size_t max_entries = kMaxEntries);

    const std::vector<ZipEntry>& entries() const { return entries_; }
    const ZipEntry* find(std::string_view name) const;

    // The data of a stored (uncompressed) entry, in place; throws for any
    // other compression method.
    std::span<const std::byte> stored_data(const ZipEntry& entry) const;

    // Throws when the data of a stored entry does not match its CRC-32.
    void verify_crc(const ZipEntry& entry) const;

    const std::string& file() const { return file_; }

private:
    std::span<const std::byte> archive_;
    std::string file_;
    std::vector<ZipEntry> entries_;
    std::vector<std::size_t> by_name_;  // entry indices sorted by name
};

// True when `bytes` start like a ZIP archive (a local header, or the end
// records of an empty archive).
bool has_zip_signature(std::span<const std::byte> bytes);

}  // namespace msprobe::tensor
