#include "report/background_write.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using msprobe::report::BackgroundWrite;

TEST_CASE("buffers are written one after another while the next fills", "[report][background_write]") {
    std::string file(12, '.');
    BackgroundWrite writes([&](std::uint64_t offset, const std::uint8_t* data, std::size_t size) {
        file.replace(offset, size, reinterpret_cast<const char*>(data), size);
    });
    msprobe::report::WriteBuffer buffer(4, 'a');
    writes.start(buffer, 0, 4);
    CHECK(buffer.size() == 4);  // the free buffer handed back
    buffer.assign(4, 'b');
    writes.start(buffer, 4, 3);  // only the first 3 bytes
    buffer.assign(4, 'c');
    writes.start(buffer, 8, 4);
    writes.wait();
    CHECK(file == "aaaabbb.cccc");
}

TEST_CASE("a failed write is thrown by the next start or wait", "[report][background_write]") {
    BackgroundWrite writes([](std::uint64_t offset, const std::uint8_t*, std::size_t) {
        if (offset == 4) throw std::runtime_error("disk full");
    });
    msprobe::report::WriteBuffer buffer(4, 0);
    writes.start(buffer, 4, 4);
    CHECK_THROWS_WITH(writes.start(buffer, 8, 4), "disk full");
    writes.wait();
    writes.start(buffer, 4, 4);
    CHECK_THROWS_WITH(writes.wait(), "disk full");
}

TEST_CASE("the writer ends after the write in flight, whose error is dropped", "[report][background_write]") {
    std::vector<std::uint64_t> written;
    {
        BackgroundWrite writes([&](std::uint64_t offset, const std::uint8_t*, std::size_t) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            written.push_back(offset);
            if (offset == 64) throw std::runtime_error("disk full");
        });
        msprobe::report::WriteBuffer buffer(8, 0);
        for (std::uint64_t offset = 0; offset <= 64; offset += 8) writes.start(buffer, offset, 8);
    }
    CHECK(written == std::vector<std::uint64_t>{0, 8, 16, 24, 32, 40, 48, 56, 64});
}
