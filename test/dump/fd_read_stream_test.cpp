// An input file read through a small buffer, byte by byte as the parser reads
// it: every byte once, a NUL for ever after the end, a leading BOM skipped.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/input_file.hpp"
#include "dump/fd_read_stream.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::InputFile;
using msprobe::InputKind;
using msprobe::dump::FdReadStream;

namespace {

// Every byte the stream gives until its NUL, with Tell() before each.
std::string read_through(const std::string& name, const std::string& text, std::size_t buffer,
                         std::vector<std::size_t>* tells = nullptr) {
    const auto path = msprobe::testing::scratch_file("fd_read_stream_" + name, "in.json", text);
    const InputFile file = InputFile::open(path, InputKind::Json);
    FdReadStream stream(file, buffer);
    std::string out;
    while (stream.Peek() != '\0') {
        if (tells) tells->push_back(stream.Tell());
        out += stream.Take();
    }
    CHECK(stream.file_offset() == file.size());
    CHECK(stream.Take() == '\0');  // the end stays the end
    CHECK(stream.Peek() == '\0');
    return out;
}

}  // namespace

TEST_CASE("every byte comes once, whatever the buffer size", "[dump][fd_read_stream]") {
    const std::string text = R"({"task": "statistics", "data": {}})";
    for (const std::size_t buffer : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{1} << 20}) {
        CAPTURE(buffer);
        std::vector<std::size_t> tells;
        CHECK(read_through("plain_" + std::to_string(buffer), text, buffer, &tells) == text);
        REQUIRE(tells.size() == text.size());
        CHECK(tells.front() == 0);
        CHECK(tells.back() == text.size() - 1);
    }
    CHECK(read_through("empty", "", 4).empty());
}

TEST_CASE("a leading BOM is skipped and not counted by Tell", "[dump][fd_read_stream]") {
    std::vector<std::size_t> tells;
    CHECK(read_through("bom", "\xEF\xBB\xBF[1]", 2, &tells) == "[1]");
    CHECK(tells == std::vector<std::size_t>{0, 1, 2});
    // A BOM's first bytes alone are text like any other.
    CHECK(read_through("half_bom", "\xEF\xBB", 2) == "\xEF\xBB");
}

TEST_CASE("a NUL byte in the file ends what the parser sees, where the file offset tells", "[dump][fd_read_stream]") {
    const auto path = msprobe::testing::scratch_file("fd_read_stream_nul", "in.json", std::string("[1]\0[2]", 7));
    const InputFile file = InputFile::open(path, InputKind::Json);
    FdReadStream stream(file, 4);
    std::string seen;
    while (stream.Peek() != '\0') seen += stream.Take();
    CHECK(seen == "[1]");
    CHECK(stream.file_offset() == 3);
    CHECK(stream.file_offset() < file.size());
}
