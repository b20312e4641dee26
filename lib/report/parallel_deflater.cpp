#include "report/parallel_deflater.hpp"

#include <algorithm>
#include <stdexcept>

#include "report/raw_deflate.hpp"

namespace msprobe::report {

namespace {

constexpr std::size_t kWindowSize = std::size_t{32} << 10;  // deflate looks back at most this far

}  // namespace

struct ParallelDeflater::Chunk {
    std::string text;
    std::string dictionary;
    std::string deflated;
    std::uint32_t crc32 = 0;

    void compress(int level, DeflateEncoder encoder, bool last) {
        crc32 = crc32_of(text);
        deflate_piece(deflated, text, dictionary, level, last, encoder);
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
    last->compress(options_.level, options_.encoder, true);
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
    const DeflateEncoder encoder = options_.encoder;
    in_flight_.push_back(
        {std::move(chunk), pool_.start([handed, level, encoder] { handed->compress(level, encoder, false); })});
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
    stream_.crc32 = crc32_joined(stream_.crc32, chunk.crc32, chunk.text.size());
    stream_.size += chunk.text.size();
}

}  // namespace msprobe::report
