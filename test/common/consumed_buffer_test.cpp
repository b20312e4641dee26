#include "common/consumed_buffer.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "common/input_file.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::ConsumedBuffer;

TEST_CASE("a consumed buffer holds the file and zero padding, and gives back whole pages behind the reader") {
    std::string text(3 * ConsumedBuffer::kReleaseStep + 123, 'x');
    for (std::size_t i = 0; i < text.size(); ++i) text[i] = static_cast<char>('a' + i % 26);
    const auto path = msprobe::testing::scratch_file("consumed_buffer", "text.json", text);
    const msprobe::InputFile file = msprobe::InputFile::open(path, msprobe::InputKind::Json);
    ConsumedBuffer buffer(file, 16);
    REQUIRE(buffer.size() == text.size());
    CHECK(std::string(buffer.data(), buffer.size()) == text);
    CHECK(std::string(buffer.data() + buffer.size(), 16) == std::string(16, '\0'));

    // Less than a step behind the reader: nothing is given back yet.
    buffer.release_before(ConsumedBuffer::kReleaseStep - 1);
    CHECK(buffer.released() == 0);
    // A step and a bit: the whole pages before the offset go; the page the offset is in stays.
    const std::size_t offset = ConsumedBuffer::kReleaseStep + 5000;
    buffer.release_before(offset);
    CHECK(buffer.released() > ConsumedBuffer::kReleaseStep - 1);
    CHECK(buffer.released() <= offset);
    CHECK(buffer.data()[0] == '\0');  // given back: zeros
    CHECK(std::string(buffer.data() + buffer.released(), buffer.size() - buffer.released()) ==
          text.substr(buffer.released()));
    // Past the end: only whole pages of the file, never the padding.
    buffer.release_before(10 * text.size());
    CHECK(buffer.released() <= buffer.size());
    CHECK(std::string(buffer.data() + buffer.size(), 16) == std::string(16, '\0'));
}

TEST_CASE("a consumed buffer of an empty file is its padding") {
    const auto path = msprobe::testing::scratch_file("consumed_buffer_empty", "empty.json", "");
    const msprobe::InputFile file = msprobe::InputFile::open(path, msprobe::InputKind::Json);
    ConsumedBuffer buffer(file, 16);
    CHECK(buffer.size() == 0);
    CHECK(std::string(buffer.data(), 16) == std::string(16, '\0'));
}
