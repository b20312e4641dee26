#include "tensor/zip_archive.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdio>

#include "common/log.hpp"
#include "tensor/little_endian.hpp"
#include "tensor/read_error.hpp"
#include "common/zip_format.hpp"

namespace msprobe::tensor {

namespace {

using namespace msprobe::zip;  // record signatures and sizes

constexpr std::size_t kMaxCommentSize = 65535;
constexpr std::uint16_t kEncryptedFlag = 0x0001;

struct CentralDirectory {
    std::uint64_t entry_count = 0;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint64_t end = 0;  // where the end records begin: the directory must stop before
};

bool fits(std::uint64_t offset, std::uint64_t length, std::uint64_t limit) {
    return offset <= limit && length <= limit - offset;
}

// Why `name` is unsafe or malformed as an entry name, or empty when it is fine.
std::string name_problem(std::string_view name) {
    if (name.empty()) return "an empty entry name";
    if (name.find('\0') != std::string_view::npos) return "an entry name containing NUL";
    if (name.find('\\') != std::string_view::npos) return "an entry name containing a backslash";
    if (name.front() == '/') return "an absolute entry name";
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t slash = std::min(name.find('/', start), name.size());
        if (name.substr(start, slash - start) == "..") return "an entry name with a '..' component";
        start = slash + 1;
    }
    return {};
}

class DirectoryParser {
public:
    DirectoryParser(std::span<const std::byte> archive, const std::string& file) : archive_(archive), file_(file) {}

    CentralDirectory locate() const {
        const std::size_t end = find_end_record();
        if (end >= kZip64LocatorSize &&
            load_little_endian<std::uint32_t>(archive_, end - kZip64LocatorSize) == kZip64LocatorSignature) {
            return read_zip64_end(end - kZip64LocatorSize);
        }
        const auto disk = load_little_endian<std::uint16_t>(archive_, end + 4);
        const auto directory_disk = load_little_endian<std::uint16_t>(archive_, end + 6);
        CentralDirectory directory;
        directory.entry_count = load_little_endian<std::uint16_t>(archive_, end + 10);
        directory.size = load_little_endian<std::uint32_t>(archive_, end + 12);
        directory.offset = load_little_endian<std::uint32_t>(archive_, end + 16);
        directory.end = end;
        if (directory.entry_count == kMax16 || directory.size == kMax32 ||
            directory.offset == kMax32) {
            fail(file_, ReadFailure::Corrupt, "ZIP64 markers in the end record but no ZIP64 locator before it");
        }
        if (disk != 0 || directory_disk != 0) fail(file_, ReadFailure::Unsupported, "multi-disk ZIP archive");
        return directory;
    }

    ZipEntry read_entry(std::uint64_t& at, const CentralDirectory& directory) const {
        const std::uint64_t directory_end = directory.offset + directory.size;
        if (!fits(at, kCentralHeaderSize, directory_end)) {
            fail(file_, ReadFailure::Truncated,
                 "central directory ends inside an entry header at byte " + std::to_string(at));
        }
        const auto position = static_cast<std::size_t>(at);
        if (load_little_endian<std::uint32_t>(archive_, position) != kCentralHeaderSignature) {
            fail(file_, ReadFailure::Corrupt, "no central directory header signature at byte " + std::to_string(at));
        }
        const auto flags = load_little_endian<std::uint16_t>(archive_, position + 8);
        ZipEntry entry;
        entry.method = load_little_endian<std::uint16_t>(archive_, position + 10);
        entry.crc32 = load_little_endian<std::uint32_t>(archive_, position + 16);
        entry.compressed_size = load_little_endian<std::uint32_t>(archive_, position + 20);
        entry.size = load_little_endian<std::uint32_t>(archive_, position + 24);
        const auto name_length = load_little_endian<std::uint16_t>(archive_, position + 28);
        const auto extra_length = load_little_endian<std::uint16_t>(archive_, position + 30);
        const auto comment_length = load_little_endian<std::uint16_t>(archive_, position + 32);
        std::uint64_t local_offset = load_little_endian<std::uint32_t>(archive_, position + 42);
        const std::uint64_t record_size = kCentralHeaderSize + name_length + extra_length + comment_length;
        if (!fits(at, record_size, directory_end)) {
            fail(file_, ReadFailure::Truncated,
                 "central directory ends inside the entry at byte " + std::to_string(at));
        }
        entry.name.assign(reinterpret_cast<const char*>(archive_.data() + position + kCentralHeaderSize), name_length);
        if (const auto problem = name_problem(entry.name); !problem.empty()) {
            fail(file_, ReadFailure::Security, "ZIP archive has " + problem + ": '" + entry.name + "'");
        }
        if ((flags & kEncryptedFlag) != 0) {
            fail(file_, ReadFailure::Unsupported, "entry '" + entry.name + "' is encrypted");
        }
        apply_zip64_extra(position + kCentralHeaderSize + name_length, extra_length, entry, local_offset);
        entry.data_offset = data_offset_after_local_header(entry, local_offset);
        at += record_size;
        return entry;
    }

private:
    std::size_t find_end_record() const {
        if (archive_.size() < kEndSize) {
            fail(file_, ReadFailure::Truncated,
                 "no ZIP end-of-central-directory record (file has " + std::to_string(archive_.size()) + " bytes)");
        }
        const std::size_t last = archive_.size() - kEndSize;
        const std::size_t lowest = last > kMaxCommentSize ? last - kMaxCommentSize : 0;
        for (std::size_t at = last + 1; at-- > lowest;) {
            if (load_little_endian<std::uint32_t>(archive_, at) != kEndSignature) continue;
            const auto comment_length = load_little_endian<std::uint16_t>(archive_, at + 20);
            if (at + kEndSize + comment_length <= archive_.size()) return at;
        }
        fail(file_, ReadFailure::Truncated, "no ZIP end-of-central-directory record (truncated, or not a ZIP archive)");
    }

    CentralDirectory read_zip64_end(std::size_t locator) const {
        const auto record = load_little_endian<std::uint64_t>(archive_, locator + 8);
        if (!fits(record, kZip64EndSize, locator) ||
            load_little_endian<std::uint32_t>(archive_, static_cast<std::size_t>(record)) != kZip64EndSignature) {
            fail(file_, ReadFailure::Corrupt,
                 "ZIP64 locator points to no ZIP64 end record (offset " + std::to_string(record) + ")");
        }
        const auto at = static_cast<std::size_t>(record);
        if (load_little_endian<std::uint32_t>(archive_, at + 16) != 0 ||
            load_little_endian<std::uint32_t>(archive_, at + 20) != 0) {
            fail(file_, ReadFailure::Unsupported, "multi-disk ZIP archive");
        }
        CentralDirectory directory;
        directory.entry_count = load_little_endian<std::uint64_t>(archive_, at + 32);
        directory.size = load_little_endian<std::uint64_t>(archive_, at + 40);
        directory.offset = load_little_endian<std::uint64_t>(archive_, at + 48);
        directory.end = record;
        return directory;
    }

    // ZIP64 extended information: 64-bit values for the 32-bit fields that
    // hold the 0xFFFFFFFF marker, in this order.
    void apply_zip64_extra(std::size_t at, std::size_t length, ZipEntry& entry, std::uint64_t& local_offset) const {
        const std::size_t end = at + length;
        while (at + 4 <= end) {
            const auto id = load_little_endian<std::uint16_t>(archive_, at);
            const auto size = load_little_endian<std::uint16_t>(archive_, at + 2);
            const std::size_t body = at + 4;
            if (body + size > end) break;  // malformed trailing field: ignore like other readers
            if (id == kZip64ExtraId) {
                std::size_t field = body;
                const auto take = [&](std::uint64_t& value) {
                    if (value != kMax32) return;
                    if (field + 8 > body + size) {
                        fail(file_, ReadFailure::Corrupt, "entry '" + entry.name + "' has a short ZIP64 extra field");
                    }
                    value = load_little_endian<std::uint64_t>(archive_, field);
                    field += 8;
                };
                take(entry.size);
                take(entry.compressed_size);
                take(local_offset);
            }
            at = body + size;
        }
    }

    std::uint64_t data_offset_after_local_header(const ZipEntry& entry, std::uint64_t local_offset) const {
        const std::string where = "entry '" + entry.name + "'";
        if (!fits(local_offset, kLocalHeaderSize, archive_.size())) {
            fail(file_, ReadFailure::Truncated, where + ": local header at byte " + std::to_string(local_offset) +
                                                    " lies beyond the end of the file");
        }
        const auto at = static_cast<std::size_t>(local_offset);
        if (load_little_endian<std::uint32_t>(archive_, at) != kLocalHeaderSignature) {
            fail(file_, ReadFailure::Corrupt, where + ": no local header signature at byte " + std::to_string(at));
        }
        // The local name and extra lengths differ from the central ones
        // (torch pads the local extra field so data is 64-byte aligned).
        const auto name_length = load_little_endian<std::uint16_t>(archive_, at + 26);
        const auto extra_length = load_little_endian<std::uint16_t>(archive_, at + 28);
        const std::uint64_t data_offset = local_offset + kLocalHeaderSize + name_length + extra_length;
        if (!fits(data_offset, entry.compressed_size, archive_.size())) {
            fail(file_, ReadFailure::Truncated,
                 where + ": data of " + std::to_string(entry.compressed_size) + " bytes at byte " +
                     std::to_string(data_offset) + " runs past the end of the file (" +
                     std::to_string(archive_.size()) + " bytes)");
        }
        const std::string_view local_name(reinterpret_cast<const char*>(archive_.data() + at + kLocalHeaderSize),
                                          name_length);
        if (local_name != entry.name) {
            fail(file_, ReadFailure::Corrupt, where + ": local header names '" + std::string(local_name) + "'");
        }
        return data_offset;
    }

    std::span<const std::byte> archive_;
    const std::string& file_;
};

}  // namespace

bool has_zip_signature(std::span<const std::byte> bytes) {
    if (bytes.size() < 4) return false;
    const auto signature = load_little_endian<std::uint32_t>(bytes, 0);
    return signature == kLocalHeaderSignature || signature == kEndSignature || signature == kZip64EndSignature;
}

ZipArchive::ZipArchive(std::span<const std::byte> archive, std::string file, std::size_t max_entries)
    : archive_(archive), file_(std::move(file)) {
    const DirectoryParser parser(archive_, file_);
    const CentralDirectory directory = parser.locate();
    if (directory.entry_count > max_entries) {
        fail(file_, ReadFailure::Limit, "ZIP archive has " + std::to_string(directory.entry_count) +
                                            " entries, at most " + std::to_string(max_entries) + " are accepted");
    }
    if (!fits(directory.offset, directory.size, directory.end)) {
        fail(file_, ReadFailure::Truncated, "central directory (" + std::to_string(directory.size) + " bytes at byte " +
                                                std::to_string(directory.offset) + ") lies outside the file");
    }
    entries_.reserve(static_cast<std::size_t>(directory.entry_count));
    std::uint64_t at = directory.offset;
    for (std::uint64_t i = 0; i < directory.entry_count; ++i) entries_.push_back(parser.read_entry(at, directory));
    by_name_.resize(entries_.size());
    for (std::size_t i = 0; i < by_name_.size(); ++i) by_name_[i] = i;
    std::sort(by_name_.begin(), by_name_.end(),
              [this](std::size_t a, std::size_t b) { return entries_[a].name < entries_[b].name; });
    for (std::size_t i = 1; i < by_name_.size(); ++i) {
        const std::string& name = entries_[by_name_[i]].name;
        if (name == entries_[by_name_[i - 1]].name) {
            fail(file_, ReadFailure::Security, "ZIP archive has a duplicate entry name: '" + name + "'");
        }
    }
}

const ZipEntry* ZipArchive::find(std::string_view name) const {
    const auto found =
        std::lower_bound(by_name_.begin(), by_name_.end(), name,
                         [this](std::size_t index, std::string_view key) { return entries_[index].name < key; });
    if (found == by_name_.end() || entries_[*found].name != name) return nullptr;
    return &entries_[*found];
}

std::span<const std::byte> ZipArchive::stored_data(const ZipEntry& entry) const {
    if (entry.method != 0) {
        fail(file_, ReadFailure::Unsupported,
             "entry '" + entry.name + "' is compressed (method " + std::to_string(entry.method) +
                 "); torch.save writes uncompressed entries only, re-save the tensor with torch.save");
    }
    if (entry.compressed_size != entry.size) {
        fail(file_, ReadFailure::Corrupt, "stored entry '" + entry.name + "' has different compressed (" +
                                              std::to_string(entry.compressed_size) + ") and plain (" +
                                              std::to_string(entry.size) + ") sizes");
    }
    return archive_.subspan(static_cast<std::size_t>(entry.data_offset), static_cast<std::size_t>(entry.size));
}

void ZipArchive::verify_crc(const ZipEntry& entry) const {
    const auto data = stored_data(entry);
    const auto actual = static_cast<std::uint32_t>(
        crc32_z(0, reinterpret_cast<const Bytef*>(data.data()), data.size()));
    if (actual == entry.crc32) return;
    if (entry.crc32 == 0) {  // newer torch can be told to skip CRCs
        log::warning(file_ + ": entry '" + entry.name + "' has no CRC-32 recorded; not verified");
        return;
    }
    char text[64];
    std::snprintf(text, sizeof text, "CRC-32 is %08x, the directory records %08x", actual, entry.crc32);
    fail(file_, ReadFailure::Corrupt, "entry '" + entry.name + "': " + text);
}

}  // namespace msprobe::tensor
