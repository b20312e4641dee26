#include "report/raw_deflate.hpp"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "common/log.hpp"

namespace msprobe::report {

namespace {

constexpr std::size_t kMaxSpan = std::size_t{1} << 30;  // both libraries count bytes in 32-bit fields

// The work area ISA-L needs at `level` (level 0 needs none).
std::size_t isal_level_buffer_size(int level) {
    switch (level) {
        case 0: return 0;
        case 1: return ISAL_DEF_LVL1_DEFAULT;
        case 2: return ISAL_DEF_LVL2_DEFAULT;
        default: return ISAL_DEF_LVL3_DEFAULT;
    }
}

// Feeds `text` to `step` in spans of at most kMaxSpan, growing `out` while a
// call fills it (both libraries' protocol), and cuts `out` to what was made.
// step(input, size, is_last_input, output, room) returns the room left.
template <typename Step>
void run_encoder(std::string& out, std::string_view text, Step&& step) {
    out.resize(text.size() + text.size() / 8 + 1024);  // stored blocks at worst, plus headers and the flush marker
    std::size_t produced = 0;
    std::size_t consumed = 0;
    do {
        const std::size_t span = std::min(text.size() - consumed, kMaxSpan);
        const char* input = text.data() + consumed;
        consumed += span;
        const bool last_input = consumed == text.size();
        bool first_call = true;
        std::size_t left = 0;
        do {
            if (produced == out.size()) out.resize(out.size() * 2);
            const std::size_t room = std::min(out.size() - produced, kMaxSpan);
            left = step(first_call ? input : nullptr, first_call ? span : 0, last_input, out.data() + produced, room);
            produced += room - left;
            first_call = false;
        } while (left == 0);
    } while (consumed < text.size());
    out.resize(produced);
}

void isal_piece(std::string& out, std::string_view text, std::string_view dictionary, int level, bool last) {
    std::vector<std::uint8_t> level_buffer(isal_level_buffer_size(level));
    isal_zstream stream;
    isal_deflate_init(&stream);
    stream.level = static_cast<std::uint32_t>(level);
    stream.level_buf = level_buffer.data();
    stream.level_buf_size = static_cast<std::uint32_t>(level_buffer.size());
    stream.gzip_flag = IGZIP_DEFLATE;
    stream.flush = SYNC_FLUSH;
    if (!dictionary.empty()) {
        auto* bytes = reinterpret_cast<std::uint8_t*>(const_cast<char*>(dictionary.data()));
        if (isal_deflate_set_dict(&stream, bytes, static_cast<std::uint32_t>(dictionary.size())) != COMP_OK) {
            throw std::runtime_error("cannot set the deflate dictionary");
        }
    }
    run_encoder(out, text, [&](const char* input, std::size_t size, bool last_input, char* output, std::size_t room) {
        if (input != nullptr) {
            stream.next_in = reinterpret_cast<std::uint8_t*>(const_cast<char*>(input));
            stream.avail_in = static_cast<std::uint32_t>(size);
        }
        stream.end_of_stream = last && last_input ? 1 : 0;
        stream.next_out = reinterpret_cast<std::uint8_t*>(output);
        stream.avail_out = static_cast<std::uint32_t>(room);
        if (isal_deflate(&stream) != COMP_OK) throw std::runtime_error("deflate failed");
        return static_cast<std::size_t>(stream.avail_out);
    });
}

void zlib_piece(std::string& out, std::string_view text, std::string_view dictionary, int level, bool last) {
    static constexpr std::array<int, kMaxDeflateLevel + 1> kZlibLevel = {1, 1, 3, 6};
    z_stream stream{};
    if (deflateInit2(&stream, kZlibLevel[static_cast<std::size_t>(level)], Z_DEFLATED, -MAX_WBITS, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::runtime_error("cannot start deflate (out of memory)");
    }
    struct End {
        z_stream& stream;
        ~End() { deflateEnd(&stream); }
    } end{stream};
    if (!dictionary.empty()) {
        const auto* bytes = reinterpret_cast<const Bytef*>(dictionary.data());
        if (deflateSetDictionary(&stream, bytes, static_cast<uInt>(dictionary.size())) != Z_OK) {
            throw std::runtime_error("cannot set the deflate dictionary");
        }
    }
    run_encoder(out, text, [&](const char* input, std::size_t size, bool last_input, char* output, std::size_t room) {
        if (input != nullptr) {
            stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input));
            stream.avail_in = static_cast<uInt>(size);
        }
        stream.next_out = reinterpret_cast<Bytef*>(output);
        stream.avail_out = static_cast<uInt>(room);
        const int flush = !last_input ? Z_NO_FLUSH : last ? Z_FINISH : Z_SYNC_FLUSH;
        if (deflate(&stream, flush) == Z_STREAM_ERROR) throw std::runtime_error("deflate failed");
        return static_cast<std::size_t>(stream.avail_out);
    });
}

// zlib's inflate of a raw stream, or nothing when the stream is not a whole valid one.
bool inflates_to(const std::string& deflated, std::string_view expected) {
    z_stream stream{};
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return false;
    std::string out(expected.size() + 1, '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(deflated.data()));
    stream.avail_in = static_cast<uInt>(deflated.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int status = inflate(&stream, Z_FINISH);
    const std::size_t made = out.size() - stream.avail_out;
    inflateEnd(&stream);
    return status == Z_STREAM_END && std::string_view(out.data(), made) == expected;
}

// ISA-L on this CPU, checked: a sheet-like sample in two pieces (dictionary,
// sync flush, end) at every level must inflate back through zlib, and its
// CRC-32 agree with zlib's.
bool isal_passes_check() {
    std::string sample;
    std::uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; sample.size() < (std::size_t{96} << 10); ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        sample += "<c r=\"B" + std::to_string(i) + "\" s=\"1\"><v>" + std::to_string(x % 1000003) + "</v></c>";
        if (x % 7 == 0) sample += std::string(static_cast<std::size_t>(x % 300), static_cast<char>(x >> 56));
    }
    const std::size_t cut = sample.size() / 3;
    const std::string_view text(sample);
    for (int level = 0; level <= kMaxDeflateLevel; ++level) {
        std::string first;
        std::string second;
        isal_piece(first, text.substr(0, cut), {}, level, false);
        isal_piece(second, text.substr(cut),
                   text.substr(cut > 32768 ? cut - 32768 : 0, std::min<std::size_t>(cut, 32768)), level, true);
        if (!inflates_to(first + second, text)) return false;
    }
    const auto zlib_crc = static_cast<std::uint32_t>(
        crc32_z(0, reinterpret_cast<const Bytef*>(sample.data()), sample.size()));
    return crc32_of(sample) == zlib_crc;
}

DeflateEncoder choose_encoder() {
    const char* forced = std::getenv("MSPROBE_DEFLATE");
    if (forced != nullptr && std::string_view(forced) == "zlib") return DeflateEncoder::Zlib;
    if (forced != nullptr && *forced != '\0' && std::string_view(forced) != "isal") {
        log::warning("MSPROBE_DEFLATE must be isal or zlib; using isal");
    }
    bool passed = false;
    try {
        passed = isal_passes_check();
    } catch (const std::exception&) {
        passed = false;
    }
    if (passed) return DeflateEncoder::Isal;
    log::warning("ISA-L's deflate failed its check on this CPU; workbooks are compressed with zlib instead");
    return DeflateEncoder::Zlib;
}

}  // namespace

DeflateEncoder active_deflate_encoder() {
    static const DeflateEncoder encoder = choose_encoder();
    return encoder;
}

void deflate_piece(std::string& out, std::string_view text, std::string_view dictionary, int level, bool last,
                   DeflateEncoder encoder) {
    if (level < 0 || level > kMaxDeflateLevel) throw std::invalid_argument("deflate level must be 0 to 3");
    if (encoder == DeflateEncoder::Isal) {
        isal_piece(out, text, dictionary, level, last);
    } else {
        zlib_piece(out, text, dictionary, level, last);
    }
}

std::string deflate_raw(std::string_view text, int level, DeflateEncoder encoder) {
    std::string out;
    deflate_piece(out, text, {}, level, true, encoder);
    return out;
}

std::uint32_t crc32_of(std::string_view text) {
    std::uint32_t crc = 0;
    for (std::size_t at = 0; at < text.size(); at += kMaxSpan) {
        const std::size_t span = std::min(text.size() - at, kMaxSpan);
        crc = crc32_gzip_refl(crc, reinterpret_cast<const unsigned char*>(text.data() + at), span);
    }
    return crc;
}

std::uint32_t crc32_joined(std::uint32_t first, std::uint32_t second, std::uint64_t second_size) {
    return static_cast<std::uint32_t>(crc32_combine(first, second, static_cast<z_off_t>(second_size)));
}

}  // namespace msprobe::report
