#pragma once
// ParallelDeflater compresses one long stream pigz-style: the text is cut into
// chunks that the threads of a pool compress at the same time; every chunk but the
// last ends on a byte boundary (a sync flush), so the pieces concatenate into
// one valid deflate stream. Each chunk is primed with the previous chunk's
// last 32 KiB, so matches reach across chunk borders as in a serial stream.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/thread_pool.hpp"
#include "report/raw_deflate.hpp"

namespace msprobe::report {

// What a zip entry records about its uncompressed data.
struct DeflatedStream {
    std::uint32_t crc32 = 0;
    std::uint64_t size = 0;
};

class ParallelDeflater {
public:
    using Output = std::function<void(std::string_view deflated)>;

    struct Options {
        std::size_t chunk_size = std::size_t{2} << 20;
        int level = 1;  // raw_deflate.hpp's levels: the sheet XML is repetitive, a fast level keeps most of the ratio
        DeflateEncoder encoder = active_deflate_encoder();
    };

    // `output` receives the compressed stream in order, always on the caller's
    // thread. The chunks are compressed as tasks of `pool`, so the deflater
    // uses no thread beyond the pool's; the stream is the same at any pool size.
    ParallelDeflater(Output output, ThreadPool& pool) : ParallelDeflater(std::move(output), pool, Options{}) {}
    ParallelDeflater(Output output, ThreadPool& pool, Options options);
    ParallelDeflater(const ParallelDeflater&) = delete;
    ParallelDeflater& operator=(const ParallelDeflater&) = delete;
    ~ParallelDeflater();  // drops unfinished output; waits for the chunks a thread is compressing

    // The chunk being filled: append text to it, then call commit().
    std::string& text() { return text_; }

    // Hands the chunk to the pool once it holds chunk_size bytes, and passes
    // finished chunks to the output. Once too many chunks are in flight, waits
    // for the oldest (compressing it here if no thread has taken it), which
    // bounds the memory to about (pool size + 1) chunks.
    void commit();

    // Compresses the rest, ends the deflate stream and passes everything to the
    // output. Returns the CRC-32 and length of all the text. Rethrows the first
    // error of a compression or of the output.
    DeflatedStream finish();

private:
    struct Chunk;
    // A chunk handed to the pool, with the task compressing it.
    struct InFlight {
        std::unique_ptr<Chunk> chunk;
        ThreadPool::Task compressing;  // declared last: gone before the chunk it works on
    };

    void hand_off();
    void pass_on_oldest();
    void pass_on(Chunk& chunk);
    std::unique_ptr<Chunk> take_spare_chunk();
    void remember_dictionary(std::string_view text);

    Output output_;
    ThreadPool& pool_;
    Options options_;
    std::string text_;
    std::string dictionary_;                     // the last 32 KiB of all text handed off so far
    std::vector<std::unique_ptr<Chunk>> spare_;  // finished chunks, reused for their buffers
    std::deque<InFlight> in_flight_;             // in stream order
    DeflatedStream stream_;
    bool finished_ = false;
};

}  // namespace msprobe::report
