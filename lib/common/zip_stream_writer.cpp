#include "common/zip_stream_writer.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "common/error.hpp"
#include "common/zip_format.hpp"

namespace msprobe::zip {

namespace {

constexpr std::uint16_t kVersionDeflate = 20;
constexpr std::uint16_t kVersionZip64 = 45;
constexpr std::uint16_t kFlagDataDescriptor = 0x0008;
constexpr std::uint16_t kMethodDeflate = 8;
constexpr std::uint16_t kMethodStored = 0;
constexpr std::uint16_t kVersionStored = 10;
constexpr std::uint16_t kPaddingExtraId = 0x4246;  // "FB": the id torch's writer pads with
constexpr std::size_t kExtraHeaderSize = 4;

std::uint16_t method_of(bool stored) { return stored ? kMethodStored : kMethodDeflate; }
std::uint16_t version_of(bool stored) { return stored ? kVersionStored : kVersionDeflate; }
constexpr std::uint16_t kDosDate1980 = (1 << 5) | 1;  // 1980-01-01, a fixed stamp keeps books reproducible

void put16(std::string& out, std::uint64_t value) {
    for (int shift = 0; shift < 16; shift += 8) out.push_back(static_cast<char>((value >> shift) & 0xFF));
}
void put32(std::string& out, std::uint64_t value) {
    for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<char>((value >> shift) & 0xFF));
}
void put64(std::string& out, std::uint64_t value) {
    for (int shift = 0; shift < 64; shift += 8) out.push_back(static_cast<char>((value >> shift) & 0xFF));
}

// A 32-bit field, or the zip64 marker when the value does not fit.
std::uint64_t field32(std::uint64_t value) { return value >= kMax32 ? kMax32 : value; }

}  // namespace

ZipStreamWriter::ZipStreamWriter(const std::filesystem::path& path)
    : path_(path.string()), file_(std::fopen(path.c_str(), "wb"), &std::fclose) {
    if (!file_) fail(fmt::format("cannot create: {}", std::strerror(errno)));
}

ZipStreamWriter::~ZipStreamWriter() = default;

void ZipStreamWriter::fail(const std::string& reason) const { throw Error(path_, reason); }

void ZipStreamWriter::put(std::string_view bytes) {
    if (bytes.empty()) return;
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_.get()) != bytes.size()) {
        fail(fmt::format("write failed: {}", std::strerror(errno)));
    }
    offset_ += bytes.size();
}

void ZipStreamWriter::begin_entry(std::string_view name) { begin(name, false, 1); }

void ZipStreamWriter::begin_stored_entry(std::string_view name, std::size_t alignment) {
    begin(name, true, alignment);
}

void ZipStreamWriter::begin(std::string_view name, bool stored, std::size_t alignment) {
    if (entry_open_ || !file_) fail("internal error: zip entry begun out of order");
    if (name.size() > kMax16) fail("zip member name too long");
    if (alignment == 0 || alignment > kMax16 - kExtraHeaderSize) fail("internal error: zip alignment out of range");
    entries_.push_back(Entry{std::string(name), offset_, 0, 0, 0, stored});
    entry_open_ = true;
    std::string extra;
    if (alignment > 1) {
        const std::uint64_t data_start = offset_ + kLocalHeaderSize + name.size() + kExtraHeaderSize;
        const std::uint64_t padding = (alignment - data_start % alignment) % alignment;
        put16(extra, kPaddingExtraId);
        put16(extra, padding);
        extra.append(padding, 'Z');
    }
    std::string header;
    put32(header, kLocalHeaderSignature);
    put16(header, version_of(stored));
    put16(header, kFlagDataDescriptor);
    put16(header, method_of(stored));
    put16(header, 0);  // time 00:00
    put16(header, kDosDate1980);
    put32(header, 0);  // CRC-32, compressed and uncompressed sizes follow in the data descriptor
    put32(header, 0);
    put32(header, 0);
    put16(header, name.size());
    put16(header, extra.size());
    header += name;
    header += extra;
    put(header);
}

void ZipStreamWriter::write(std::string_view data) {
    if (!entry_open_) fail("internal error: zip data written outside an entry");
    put(data);
    entries_.back().compressed_size += data.size();
}

void ZipStreamWriter::end_entry(std::uint32_t crc32, std::uint64_t uncompressed_size) {
    if (!entry_open_) fail("internal error: zip entry ended twice");
    Entry& entry = entries_.back();
    entry.crc32 = crc32;
    entry.uncompressed_size = uncompressed_size;
    entry_open_ = false;
    // Readers take sizes from the central directory; the descriptor widens to
    // 8-byte sizes only when needed, as Go's and Java's zip writers do.
    const bool wide = entry.compressed_size >= kMax32 || entry.uncompressed_size >= kMax32;
    std::string descriptor;
    put32(descriptor, kDataDescriptorSignature);
    put32(descriptor, crc32);
    if (wide) {
        put64(descriptor, entry.compressed_size);
        put64(descriptor, entry.uncompressed_size);
    } else {
        put32(descriptor, entry.compressed_size);
        put32(descriptor, entry.uncompressed_size);
    }
    put(descriptor);
}

void ZipStreamWriter::finish() {
    if (entry_open_ || !file_) fail("internal error: zip archive finished out of order");
    const std::uint64_t directory_offset = offset_;
    std::string directory;
    for (const Entry& entry : entries_) {
        std::string zip64_fields;  // only the values that overflow, in this order
        if (entry.uncompressed_size >= kMax32) put64(zip64_fields, entry.uncompressed_size);
        if (entry.compressed_size >= kMax32) put64(zip64_fields, entry.compressed_size);
        if (entry.header_offset >= kMax32) put64(zip64_fields, entry.header_offset);
        const std::uint16_t version = zip64_fields.empty() ? version_of(entry.stored) : kVersionZip64;
        put32(directory, kCentralHeaderSignature);
        put16(directory, version);  // made by (MS-DOS attributes)
        put16(directory, version);  // needed to extract
        put16(directory, kFlagDataDescriptor);
        put16(directory, method_of(entry.stored));
        put16(directory, 0);
        put16(directory, kDosDate1980);
        put32(directory, entry.crc32);
        put32(directory, field32(entry.compressed_size));
        put32(directory, field32(entry.uncompressed_size));
        put16(directory, entry.name.size());
        put16(directory, zip64_fields.empty() ? 0 : zip64_fields.size() + 4);
        put16(directory, 0);  // comment length
        put16(directory, 0);  // disk number
        put16(directory, 0);  // internal attributes
        put32(directory, 0);  // external attributes
        put32(directory, field32(entry.header_offset));
        directory += entry.name;
        if (!zip64_fields.empty()) {
            put16(directory, kZip64ExtraId);
            put16(directory, zip64_fields.size());
            directory += zip64_fields;
        }
    }
    const std::uint64_t directory_size = directory.size();
    const std::uint64_t count = entries_.size();
    const bool zip64 = count >= kMax16 || directory_size >= kMax32 || directory_offset >= kMax32;
    std::string end;
    if (zip64) {
        const std::uint64_t zip64_end_offset = directory_offset + directory_size;
        put32(end, kZip64EndSignature);
        put64(end, 44);  // size of the rest of this record
        put16(end, kVersionZip64);
        put16(end, kVersionZip64);
        put32(end, 0);  // this disk
        put32(end, 0);  // disk of the central directory
        put64(end, count);
        put64(end, count);
        put64(end, directory_size);
        put64(end, directory_offset);
        put32(end, kZip64LocatorSignature);
        put32(end, 0);  // disk of the zip64 end record
        put64(end, zip64_end_offset);
        put32(end, 1);  // total disks
    }
    put32(end, kEndSignature);
    put16(end, 0);
    put16(end, 0);
    put16(end, count >= kMax16 ? kMax16 : count);
    put16(end, count >= kMax16 ? kMax16 : count);
    put32(end, field32(directory_size));
    put32(end, field32(directory_offset));
    put16(end, 0);  // comment length
    put(directory);
    put(end);
    // fclose reports write errors that buffering delayed (e.g. a full disk).
    std::FILE* file = file_.release();
    if (std::fclose(file) != 0) fail(fmt::format("write failed: {}", std::strerror(errno)));
}

}  // namespace msprobe::zip
