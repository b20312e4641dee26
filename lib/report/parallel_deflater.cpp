#include "report/parallel_deflater.hpp"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

namespace msprobe::report {

namespace {

constexpr std::size_t kWindowSize = std::size_t{32} << 10;  // deflate looks back at most this far
constexpr std::size_t kMaxZlibSpan = std::size_t{1} << 30;  // zlib counts bytes in 32-bit fields

// Compresses `text` into `out` (replacing its contents) as raw deflate primed
// with `dictionary`, ending with `final_flush`: Z_SYNC_FLUSH for a chunk
// in the middle of a stream, Z_FINISH for the last one.
void deflate_into(std::string& out, std::string_view text, std::string_view dictionary, int level, int final_flush) {
    z_stream stream{};
    if (deflateInit2(&stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
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
    out.resize(deflateBound(&stream, text.size()) + 16);  // + room for the sync-flush marker
    std::size_t produced = 0;
    std::size_t consumed = 0;
    do {
        const std::size_t span = std::min(text.size() - consumed, kMaxZlibSpan);
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data() + consumed));
        stream.avail_in = static_cast<uInt>(span);
        consumed += span;
        const int flush = consumed == text.size() ? final_flush : Z_NO_FLUSH;
        do {  // zlib's protocol: call again while it fills the whole output buffer
            if (produced == out.size()) out.resize(out.size() * 2);
            const std::size_t room = std::min(out.size() - produced, kMaxZlibSpan);
            stream.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
            stream.avail_out = static_cast<uInt>(room);
            if (deflate(&stream, flush) == Z_STREAM_ERROR) throw std::runtime_error("deflate failed");
            produced += room - stream.avail_out;
        } while (stream.avail_out == 0);
    } while (consumed < text.size());
    out.resize(produced);
}

}  // namespace

std::string deflate_raw(std::string_view text, int level) {
    std::string out;
    deflate_into(out, text, {}, level, Z_FINISH);
    return out;
}

std::uint32_t crc32_of(std::string_view text) {
    return static_cast<std::uint32_t>(
        crc32_z(crc32_z(0, nullptr, 0), reinterpret_cast<const Bytef*>(text.data()), text.size()));
}

struct ParallelDeflater::Chunk {
    std::string text;
    std::string dictionary;
    std::string deflated;
    std::uint32_t crc32 = 0;

    void compress(int level, int final_flush) {
        crc32 = crc32_of(text);
        deflate_into(deflated, text, dictionary, level, final_flush);
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
    last->compress(options_.level, Z_FINISH);
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
    in_flight_.push_back({std::move(chunk), pool_.start([handed, level] { handed->compress(level, Z_SYNC_FLUSH); })});
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
