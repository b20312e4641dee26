#pragma once
// Raw deflate (no zlib header or trailer), the form zip entries hold.
// ParallelDeflater compresses one long stream pigz-style: the text is cut into
// chunks that worker threads compress at the same time; every chunk but the
// last ends on a byte boundary (Z_SYNC_FLUSH), so the pieces concatenate into
// one valid deflate stream. Each chunk is primed with the previous chunk's
// last 32 KiB, so matches reach across chunk borders as in a serial stream.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace msprobe::report {

// What a zip entry records about its uncompressed data.
struct DeflatedStream {
    std::uint32_t crc32 = 0;
    std::uint64_t size = 0;
};

// `text` compressed as one complete raw deflate stream.
std::string deflate_raw(std::string_view text, int level);

// zlib's CRC-32 of `text`.
std::uint32_t crc32_of(std::string_view text);

class ParallelDeflater {
public:
    using Output = std::function<void(std::string_view deflated)>;

    struct Options {
        std::size_t chunk_size = std::size_t{2} << 20;
        unsigned threads = default_threads();
        int level = 1;  // zlib's fastest: the sheet XML is repetitive, level 1 keeps most of the ratio
    };
    // hardware_concurrency(), at least 1 and at most 8.
    static unsigned default_threads();

    // `output` receives the compressed stream in order, always on the caller's thread.
    explicit ParallelDeflater(Output output) : ParallelDeflater(std::move(output), Options{}) {}
    ParallelDeflater(Output output, Options options);
    ParallelDeflater(const ParallelDeflater&) = delete;
    ParallelDeflater& operator=(const ParallelDeflater&) = delete;
    ~ParallelDeflater();  // stops the workers; unfinished output is dropped

    // The chunk being filled: append text to it, then call commit().
    std::string& text() { return text_; }

    // Hands the chunk to a worker once it holds chunk_size bytes, and passes
    // finished chunks to the output. Blocks while too many chunks are in flight,
    // which bounds the memory to about (threads + 2) chunks.
    void commit();

    // Compresses the rest, ends the deflate stream and passes everything to the
    // output. Returns the CRC-32 and length of all the text. Rethrows the first
    // error of a worker or of the output.
    DeflatedStream finish();

private:
    struct Chunk;

    void hand_off();
    void pass_on_finished(bool wait_for_all);
    void pass_on(Chunk& chunk);
    std::unique_ptr<Chunk> take_spare_chunk();
    void remember_dictionary(std::string_view text);
    void start_workers();
    void work();

    Output output_;
    Options options_;
    std::string text_;
    std::string dictionary_;                        // the last 32 KiB of all text handed off so far
    std::deque<std::unique_ptr<Chunk>> in_flight_;  // in stream order
    std::vector<std::unique_ptr<Chunk>> spare_;     // finished chunks, reused for their buffers
    DeflatedStream stream_;
    bool finished_ = false;

    std::mutex mutex_;  // guards queue_, stopping_ and Chunk::done
    std::condition_variable work_ready_;
    std::condition_variable chunk_done_;
    std::deque<Chunk*> queue_;  // handed off, not yet taken by a worker
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace msprobe::report
