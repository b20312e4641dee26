// The parallel raw deflater: chunks compressed on several threads must join
// into one valid deflate stream with the CRC-32 and length of the whole text.
#include "report/parallel_deflater.hpp"

#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include "common/thread_pool.hpp"
#include "support/zip_inspection.hpp"

using msprobe::report::crc32_of;
using msprobe::testing::inflated_raw;
using msprobe::report::DeflateEncoder;
using msprobe::report::deflate_raw;
using msprobe::report::DeflatedStream;
using msprobe::ThreadPool;
using msprobe::report::ParallelDeflater;

namespace {

// Sheet-like text: repetitive markup with random numbers, so matches cross chunk borders.
std::string sample_text(std::size_t size, unsigned seed) {
    std::mt19937_64 random(seed);
    std::string text;
    while (text.size() < size) {
        text += "<c r=\"A" + std::to_string(random() % 100000) + "\"><v>" + std::to_string(random()) + "</v></c>";
    }
    text.resize(size);
    return text;
}

struct Compressed {
    std::string deflated;
    DeflatedStream stream;
    std::size_t outputs = 0;
};

// Feeds `text` in pieces of `piece` bytes, committing after each, through a
// deflater on a pool of `threads`.
Compressed compress(const std::string& text, std::size_t piece, unsigned threads, ParallelDeflater::Options options) {
    Compressed result;
    ThreadPool pool(threads);
    ParallelDeflater deflater(
        [&](std::string_view bytes) {
            result.deflated += bytes;
            ++result.outputs;
        },
        pool, options);
    for (std::size_t at = 0; at < text.size(); at += piece) {
        deflater.text().append(text, at, piece);
        deflater.commit();
    }
    result.stream = deflater.finish();
    return result;
}

}  // namespace

TEST_CASE("ParallelDeflater joins chunks into one stream", "[parallel_deflater]") {
    const auto [size, piece, chunk, threads] = GENERATE(table<std::size_t, std::size_t, std::size_t, unsigned>({
        {3'000'000, 4096, 64 * 1024, 3},  // many chunks on three workers
        {3'000'000, 100'000, 256 * 1024, 1},
        {500'000, 777, 1000, 4},       // chunks shorter than the 32 KiB dictionary
        {10'000, 10'000, 1 << 20, 2},  // one chunk: compressed on the caller's thread
        {0, 1, 1024, 2},               // nothing at all
    }));
    const DeflateEncoder encoder = GENERATE(DeflateEncoder::Isal, DeflateEncoder::Zlib);
    INFO("size " << size << ", piece " << piece << ", chunk " << chunk << ", threads " << threads << ", zlib "
                 << (encoder == DeflateEncoder::Zlib));
    const std::string text = sample_text(size, 7);
    const Compressed result = compress(text, piece, threads, {chunk, 1, encoder});
    CHECK(inflated_raw(result.deflated) == text);
    CHECK(result.stream.size == text.size());
    CHECK(result.stream.crc32 == crc32_of(text));
    if (size >= 2 * chunk) CHECK(result.outputs > 1);
}

TEST_CASE("ParallelDeflater at level 1 keeps most of a serial stream's ratio", "[parallel_deflater]") {
    const DeflateEncoder encoder = GENERATE(DeflateEncoder::Isal, DeflateEncoder::Zlib);
    const std::string text = sample_text(4'000'000, 3);
    const Compressed parallel = compress(text, 8192, 2, {256 * 1024, 1, encoder});
    const std::string serial = deflate_raw(text, 1, encoder);
    // Priming each chunk with the previous 32 KiB leaves only the sync-flush markers as overhead.
    CHECK(parallel.deflated.size() < serial.size() + serial.size() / 50);
}

TEST_CASE("ParallelDeflater rethrows an error of its output", "[parallel_deflater]") {
    const std::string text = sample_text(2'000'000, 5);
    std::size_t calls = 0;
    ThreadPool pool(2);
    auto write_all = [&] {
        ParallelDeflater deflater(
            [&](std::string_view) {
                if (++calls == 2) throw std::runtime_error("disk full");
            },
            pool, {64 * 1024, 1});
        for (std::size_t at = 0; at < text.size(); at += 4096) {
            deflater.text().append(text, at, 4096);
            deflater.commit();
        }
        deflater.finish();
    };
    CHECK_THROWS_WITH(write_all(), "disk full");  // and the chunks in flight are finished or dropped on the way out
    CHECK(calls == 2);
}

TEST_CASE("ParallelDeflater writes the same bytes on one thread and on several", "[parallel_deflater]") {
    const std::string text = sample_text(3'000'000, 11);
    const Compressed one = compress(text, 5000, 1, {128 * 1024, 1});
    REQUIRE(one.outputs > 1);
    for (const unsigned threads : {2U, 3U, 8U}) {
        INFO(threads << " threads");
        const Compressed several = compress(text, 5000, threads, {128 * 1024, 1});
        CHECK(several.deflated == one.deflated);
        CHECK(several.stream.crc32 == one.stream.crc32);
        CHECK(several.stream.size == one.stream.size);
    }
}

namespace {

// The process's thread count, as the kernel reports it.
int threads_of_process() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
    }
    return -1;
}

}  // namespace

TEST_CASE("ParallelDeflater on a pool of one starts no thread", "[parallel_deflater]") {
    // The process's threads before (the test runner's one, plus a sanitizer's own) must stay all there are
    // while chunks are compressed.
    const int before = threads_of_process();
    REQUIRE(before >= 1);
    const std::string text = sample_text(1'000'000, 13);
    ThreadPool pool(1);
    int most_threads = 0;
    std::size_t outputs = 0;
    ParallelDeflater deflater(
        [&](std::string_view) {
            ++outputs;
            most_threads = std::max(most_threads, threads_of_process());
        },
        pool, {64 * 1024, 1});
    for (std::size_t at = 0; at < text.size(); at += 4096) {
        deflater.text().append(text, at, 4096);
        deflater.commit();
    }
    deflater.finish();
    CHECK(outputs > 1);
    CHECK(most_threads == before);
}
