// The byte buffer holds what was appended, gives back its room, copies and
// moves; sized texts read back what was written and refuse a cut one.
#include "common/byte_buffer.hpp"

#include <string>
#include <catch2/catch.hpp>

#include "common/sized_text.hpp"

using msprobe::ByteBuffer;

TEST_CASE("byte buffer: appends, shrinks to its size, copies and moves", "[byte_buffer]") {
    ByteBuffer buffer;
    CHECK(buffer.empty());
    buffer.reserve(4);
    buffer.append(std::string_view("abc"));
    buffer.push_back('\0');
    for (int i = 0; i < 100; ++i) buffer.append("xy", 2);
    REQUIRE(buffer.size() == 204);
    CHECK(buffer.view().substr(0, 5) == std::string_view("abc\0x", 5));
    buffer.shrink_to_fit();
    CHECK(buffer.size() == 204);
    const ByteBuffer copy = buffer;
    CHECK(copy.view() == buffer.view());
    ByteBuffer moved = std::move(buffer);
    CHECK(moved.view() == copy.view());
    CHECK(buffer.empty());  // NOLINT(bugprone-use-after-move): a moved-from buffer is empty
    moved.clear();
    CHECK(moved.empty());
}

TEST_CASE("sized texts: read back what was written, past one length byte", "[byte_buffer]") {
    ByteBuffer bytes;
    const std::string long_text(300, 'n');
    msprobe::append_sized_text(bytes, "Max");
    msprobe::append_sized_text(bytes, long_text);
    msprobe::append_sized_text(bytes, "");
    msprobe::append_size(bytes, 1ULL << 40);
    std::size_t at = 0;
    CHECK(msprobe::read_sized_text(bytes.view(), at) == "Max");
    CHECK(msprobe::read_sized_text(bytes.view(), at) == long_text);
    CHECK(msprobe::read_sized_text(bytes.view(), at).empty());
    CHECK(msprobe::read_size(bytes.view(), at) == (1ULL << 40));
    CHECK(at == bytes.size());
    std::size_t cut = 0;
    CHECK_THROWS_AS(msprobe::read_sized_text(bytes.view().substr(0, 10), cut = 4), std::logic_error);
}
