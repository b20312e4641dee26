#include "support/zip_inspection.hpp"

#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string_view>

namespace msprobe::testing {

namespace {

constexpr std::uint64_t kMax32 = 0xFFFFFFFF;
constexpr std::uint64_t kMax16 = 0xFFFF;

// Little-endian fields at an offset of the archive, recording reads past the end.
class Bytes {
public:
    explicit Bytes(std::string data) : data_(std::move(data)) {}
    std::size_t size() const { return data_.size(); }
    bool has(std::uint64_t offset, std::uint64_t length) const {
        return offset <= data_.size() && length <= data_.size() - offset;
    }
    std::uint64_t get(std::uint64_t offset, int width) const {
        if (!has(offset, static_cast<std::uint64_t>(width))) return 0;
        std::uint64_t value = 0;
        for (int i = width - 1; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(data_[offset + i]);
        return value;
    }
    std::uint64_t u16(std::uint64_t offset) const { return get(offset, 2); }
    std::uint64_t u32(std::uint64_t offset) const { return get(offset, 4); }
    std::uint64_t u64(std::uint64_t offset) const { return get(offset, 8); }
    std::string_view view(std::uint64_t offset, std::uint64_t length) const {
        return has(offset, length) ? std::string_view(data_).substr(offset, length) : std::string_view();
    }

private:
    std::string data_;
};

struct Inflated {
    std::uint64_t consumed = 0;
    std::uint64_t produced = 0;
    std::uint32_t crc32 = 0;
    std::string data;
    bool complete = false;
};

// Inflates the raw deflate stream that starts at `data`, up to its final block.
Inflated inflate_member(std::string_view data, bool keep, std::string& buffer) {
    Inflated result;
    z_stream stream{};
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return result;
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream.avail_in = static_cast<uInt>(std::min<std::size_t>(data.size(), std::size_t{1} << 30));
    std::uint64_t fed = stream.avail_in;
    for (;;) {
        stream.next_out = reinterpret_cast<Bytef*>(buffer.data());
        stream.avail_out = static_cast<uInt>(buffer.size());
        const int status = inflate(&stream, Z_NO_FLUSH);
        const std::size_t got = buffer.size() - stream.avail_out;
        result.crc32 = static_cast<std::uint32_t>(crc32_z(result.crc32, reinterpret_cast<Bytef*>(buffer.data()), got));
        result.produced += got;
        if (keep) result.data.append(buffer.data(), got);
        if (status == Z_STREAM_END) {
            result.complete = true;
            break;
        }
        if (status != Z_OK && status != Z_BUF_ERROR) break;
        if (status == Z_BUF_ERROR && stream.avail_in == 0) {
            if (fed == data.size()) break;
            const std::size_t more = std::min<std::size_t>(data.size() - fed, std::size_t{1} << 30);
            stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + fed));
            stream.avail_in = static_cast<uInt>(more);
            fed += more;
        }
    }
    result.consumed = fed - stream.avail_in;
    inflateEnd(&stream);
    return result;
}

class Inspector {
public:
    Inspector(std::string data, bool keep) : bytes_(std::move(data)), keep_(keep) {}

    ZipInspection run() {
        std::uint64_t directory_offset = 0;
        std::uint64_t directory_size = 0;
        std::uint64_t count = 0;
        if (!read_end_records(directory_offset, directory_size, count)) return std::move(result_);
        std::uint64_t at = directory_offset;
        std::uint64_t expected_local_offset = 0;
        for (std::uint64_t i = 0; i < count; ++i) {
            if (bytes_.u32(at) != 0x02014b50) {
                problem("central directory entry " + std::to_string(i) + ": bad signature");
                return std::move(result_);
            }
            at = read_central_entry(at, expected_local_offset);
        }
        if (at != directory_offset + directory_size) problem("central directory size disagrees with its entries");
        if (expected_local_offset != directory_offset) problem("gap between the last member and the central directory");
        return std::move(result_);
    }

private:
    void problem(const std::string& what) { result_.problems.push_back(what); }

    bool read_end_records(std::uint64_t& directory_offset, std::uint64_t& directory_size, std::uint64_t& count) {
        if (bytes_.size() < 22) {
            problem("file too short for an end record");
            return false;
        }
        // No archive comment is written, so the end record is the last 22 bytes.
        const std::uint64_t end = bytes_.size() - 22;
        if (bytes_.u32(end) != 0x06054b50) {
            problem("no end of central directory record at the end");
            return false;
        }
        count = bytes_.u16(end + 10);
        directory_size = bytes_.u32(end + 12);
        directory_offset = bytes_.u32(end + 16);
        const bool needs_zip64 = count == kMax16 || directory_size == kMax32 || directory_offset == kMax32;
        if (end >= 20 && bytes_.u32(end - 20) == 0x07064b50) {
            result_.zip64_end_records = true;
            const std::uint64_t record = bytes_.u64(end - 20 + 8);
            if (bytes_.u32(record) != 0x06064b50) {
                problem("zip64 locator points at no zip64 end record");
                return false;
            }
            if (record + 56 != end - 20) problem("zip64 end record is not followed by its locator");
            const std::uint64_t entries_on_disk = bytes_.u64(record + 24);
            count = bytes_.u64(record + 32);
            if (entries_on_disk != count) problem("zip64 end record: entry counts differ");
            directory_size = bytes_.u64(record + 40);
            directory_offset = bytes_.u64(record + 48);
            if (record != directory_offset + directory_size) problem("zip64 end record does not follow the directory");
        } else if (needs_zip64) {
            problem("end record holds zip64 markers but there is no zip64 locator");
            return false;
        } else if (end != directory_offset + directory_size) {
            problem("end record does not follow the central directory");
        }
        if (bytes_.u16(end + 8) != (count >= kMax16 ? kMax16 : count)) problem("end record: wrong entry count");
        return true;
    }

    std::uint64_t read_central_entry(std::uint64_t at, std::uint64_t& expected_local_offset) {
        ZipMemberInfo member;
        const std::uint64_t flags = bytes_.u16(at + 8);
        const std::uint64_t method = bytes_.u16(at + 10);
        member.crc32 = static_cast<std::uint32_t>(bytes_.u32(at + 16));
        member.compressed_size = bytes_.u32(at + 20);
        member.uncompressed_size = bytes_.u32(at + 24);
        const std::uint64_t name_length = bytes_.u16(at + 28);
        const std::uint64_t extra_length = bytes_.u16(at + 30);
        const std::uint64_t comment_length = bytes_.u16(at + 32);
        std::uint64_t local_offset = bytes_.u32(at + 42);
        member.name = std::string(bytes_.view(at + 46, name_length));
        const std::string where = "member " + member.name + ": ";
        if (method != 8) problem(where + "not deflated");
        if ((flags & 0x0008) == 0) problem(where + "no data descriptor flag");
        // The zip64 extra field holds, in order, each value whose 32-bit field overflowed.
        std::uint64_t extra = at + 46 + name_length;
        const std::uint64_t extra_end = extra + extra_length;
        while (extra + 4 <= extra_end) {
            const std::uint64_t id = bytes_.u16(extra);
            const std::uint64_t size = bytes_.u16(extra + 2);
            if (id == 0x0001) {
                member.zip64_sizes = true;
                std::uint64_t field = extra + 4;
                auto widen = [&](std::uint64_t& value) {
                    if (value != kMax32) return;
                    value = bytes_.u64(field);
                    field += 8;
                };
                widen(member.uncompressed_size);
                widen(member.compressed_size);
                widen(local_offset);
                if (field != extra + 4 + size) problem(where + "zip64 extra field has the wrong size");
            }
            extra += 4 + size;
        }
        if (local_offset != expected_local_offset) problem(where + "local header not right after the previous member");
        expected_local_offset = check_local_member(member, local_offset, where);
        result_.members.push_back(std::move(member));
        return extra_end + comment_length;
    }

    // Checks the local header, the data and the descriptor; returns the offset after them.
    std::uint64_t check_local_member(ZipMemberInfo& member, std::uint64_t at, const std::string& where) {
        if (bytes_.u32(at) != 0x04034b50) {
            problem(where + "bad local header signature");
            return at;
        }
        if ((bytes_.u16(at + 6) & 0x0008) == 0) problem(where + "local header lacks the data descriptor flag");
        const std::uint64_t name_length = bytes_.u16(at + 26);
        const std::uint64_t extra_length = bytes_.u16(at + 28);
        if (bytes_.view(at + 30, name_length) != member.name) problem(where + "local and central names differ");
        const std::uint64_t data_start = at + 30 + name_length + extra_length;
        Inflated inflated =
            inflate_member(bytes_.view(data_start, bytes_.size() - std::min<std::uint64_t>(data_start, bytes_.size())),
                           keep_, inflate_buffer_);
        if (!inflated.complete) problem(where + "deflate stream is corrupt or unterminated");
        if (inflated.consumed != member.compressed_size) problem(where + "compressed size disagrees with the stream");
        if (inflated.produced != member.uncompressed_size) problem(where + "uncompressed size disagrees with the data");
        if (inflated.crc32 != member.crc32) problem(where + "CRC-32 disagrees with the data");
        member.data = std::move(inflated.data);

        const std::uint64_t descriptor = data_start + member.compressed_size;
        if (bytes_.u32(descriptor) != 0x08074b50) {
            problem(where + "no data descriptor after the data");
            return descriptor;
        }
        const bool wide = member.compressed_size >= kMax32 || member.uncompressed_size >= kMax32;
        const int width = wide ? 8 : 4;
        if (bytes_.u32(descriptor + 4) != member.crc32) problem(where + "descriptor CRC-32 differs");
        if (bytes_.get(descriptor + 8, width) != member.compressed_size)
            problem(where + "descriptor compressed size differs");
        if (bytes_.get(descriptor + 8 + width, width) != member.uncompressed_size) {
            problem(where + "descriptor uncompressed size differs");
        }
        return descriptor + 8 + 2 * static_cast<std::uint64_t>(width);
    }

    Bytes bytes_;
    bool keep_;
    std::string inflate_buffer_ = std::string(std::size_t{1} << 20, '\0');
    ZipInspection result_;
};

}  // namespace

std::string inflated_raw(std::string_view deflated) {
    std::string buffer(std::size_t{1} << 16, '\0');
    Inflated inflated = inflate_member(deflated, true, buffer);
    if (!inflated.complete) return "<corrupt or unterminated stream>";
    if (inflated.consumed != deflated.size()) return "<bytes after the end of the stream>";
    return std::move(inflated.data);
}

ZipInspection inspect_zip(const std::filesystem::path& path, bool keep_data) {
    std::ifstream in(path, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
        ZipInspection failed;
        failed.problems.push_back("cannot read " + path.string());
        return failed;
    }
    return Inspector(std::move(data), keep_data).run();
}

}  // namespace msprobe::testing
