#include "report/parallel_deflater.hpp"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <zlib.h>  // crc32_combine only

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace msprobe::report {

namespace {

constexpr std::size_t kWindowSize = std::size_t{32} << 10;  // deflate looks back at most this far
constexpr std::size_t kMaxSpan = std::size_t{1} << 30;      // ISA-L counts bytes in 32-bit fields

// The work area ISA-L needs at `level` (level 0 needs none).
std::size_t level_buffer_size(int level) {
    switch (level) {
        case 0: return 0;
        case 1: return ISAL_DEF_LVL1_DEFAULT;
        case 2: return ISAL_DEF_LVL2_DEFAULT;
        case 3: return ISAL_DEF_LVL3_DEFAULT;
        default: throw std::invalid_argument("deflate level must be 0 to 3");
    }
}

// Compresses `text` into `out` (replacing its contents) as raw deflate primed
// with `dictionary`. A chunk in the middle of a stream ends on a byte boundary
// (a sync flush); the last one ends the stream.
void deflate_into(std::string& out, std::string_view text, std::string_view dictionary, int level, bool last) {
    std::vector<std::uint8_t> level_buffer(level_buffer_size(level));
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
    out.resize(text.size() + text.size() / 8 + 1024);  // stored blocks at worst, plus headers and the flush marker
    std::size_t produced = 0;
    std::size_t consumed = 0;
    do {
        const std::size_t span = std::min(text.size() - consumed, kMaxSpan);
        stream.next_in = reinterpret_cast<std::uint8_t*>(const_cast<char*>(text.data() + consumed));
        stream.avail_in = static_cast<std::uint32_t>(span);
        consumed += span;
        stream.end_of_stream = last && consumed == text.size() ? 1 : 0;
        do {  // ISA-L's protocol, as zlib's: call again while it fills the whole output buffer
            if (produced == out.size()) out.resize(out.size() * 2);
            const std::size_t room = std::min(out.size() - produced, kMaxSpan);
            stream.next_out = reinterpret_cast<std::uint8_t*>(out.data() + produced);
            stream.avail_out = static_cast<std::uint32_t>(room);
            if (isal_deflate(&stream) != COMP_OK) throw std::runtime_error("deflate failed");
            produced += room - stream.avail_out;
        } while (stream.avail_out == 0);
    } while (consumed < text.size());
    out.resize(produced);
}

}  // namespace

std::string deflate_raw(std::string_view text, int level) {
    std::string out;
    deflate_into(out, text, {}, level, true);
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

struct ParallelDeflater::Chunk {
    std::string text;
    std::string dictionary;
    std::string deflated;
    std::uint32_t crc32 = 0;

    void compress(int level, bool last) {
        crc32 = crc32_of(text);
        deflate_into(deflated, text, dictionary, level, last);
    }
};

ParallelDeflater::ParallelDeflater(Output output, ThreadPool& pool, Options options)
    : output_(std::move(output)), pool_(pool), options_(options) {
    options_.chunk_size = std::max<std::size_t>(options_.chunk_size, 1);
}

ParallelDeflater::~ParallelDeflater() = default;

void ParallelDeflater::commit() {
    if (text_.size() < options_.chunk_size) return;
    hand_off();
    const std::size_t max_in_flight = std::size_t{pool_.size()} + 1;
    while (in_flight_.size() >= max_in_flight) pass_on_oldest();
}

DeflatedStream ParallelDeflater::finish() {
    if (finished_) throw std::logic_error("ParallelDeflater::finish called twice");
    finished_ = true;
    // The caller would only wait for the pool, so it compresses the last chunk itself.
    auto last = take_spare_chunk();
    last->text.swap(text_);
    last->dictionary = dictionary_;
    last->compress(options_.level, true);
    while (!in_flight_.empty()) pass_on_oldest();
    pass_on(*last);
    return stream_;
}

std::unique_ptr<ParallelDeflater::Chunk> ParallelDeflater::take_spare_chunk() {
    if (spare_.empty()) return std::make_unique<Chunk>();
    auto chunk = std::move(spare_.back());
    spare_.pop_back();
    return chunk;
}

void ParallelDeflater::remember_dictionary(std::string_view text) {
    if (text.size() >= kWindowSize) {
        dictionary_.assign(text.substr(text.size() - kWindowSize));
        return;
    }
    dictionary_ += text;
    if (dictionary_.size() > kWindowSize) dictionary_.erase(0, dictionary_.size() - kWindowSize);
}

void ParallelDeflater::hand_off() {
    auto chunk = take_spare_chunk();
    chunk->text.swap(text_);
    text_.clear();
    text_.reserve(options_.chunk_size + options_.chunk_size / 4);  // a row may overshoot the chunk size
    chunk->dictionary = dictionary_;
    remember_dictionary(chunk->text);
    Chunk* handed = chunk.get();
    const int level = options_.level;
    in_flight_.push_back({std::move(chunk), pool_.start([handed, level] { handed->compress(level, false); })});
}

void ParallelDeflater::pass_on_oldest() {
    InFlight& oldest = in_flight_.front();
    oldest.compressing.wait();
    pass_on(*oldest.chunk);
    spare_.push_back(std::move(oldest.chunk));
    in_flight_.pop_front();
}

void ParallelDeflater::pass_on(Chunk& chunk) {
    output_(chunk.deflated);
    stream_.crc32 =
        static_cast<std::uint32_t>(crc32_combine(stream_.crc32, chunk.crc32, static_cast<z_off_t>(chunk.text.size())));
    stream_.size += chunk.text.size();
}

}  // namespace msprobe::report
