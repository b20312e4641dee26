#include "common/spill_file.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"
#include "support/scoped_variable.hpp"

using msprobe::SpillFile;

TEST_CASE("a spill file gives back the byte ranges appended", "[common][spill_file]") {
    SpillFile spill("the test's bytes");
    CHECK(spill.append("abc") == 3);
    const std::string big(3 << 20, 'x');  // beyond the write buffer: written out as it goes
    CHECK(spill.append(big) == 3 + big.size());
    CHECK(spill.append("tail") == 7 + big.size());
    CHECK(spill.size() == 7 + big.size());
    spill.flush();
    std::string back = "kept?";
    spill.read(0, 3, back);
    CHECK(back == "abc");
    spill.read(3 + big.size(), 7 + big.size(), back);
    CHECK(back == "tail");
    spill.read(3, 3 + big.size(), back);
    CHECK(back == big);
    CHECK_THROWS_AS(spill.read(0, 8 + big.size(), back), std::logic_error);
}

TEST_CASE("a spill file writes bytes past its buffer after what it buffered", "[common][spill_file]") {
    SpillFile spill("the test's bytes");
    spill.append("abc");
    const std::string block(300 << 10, 'w');
    spill.write(block);
    CHECK(spill.size() == 3 + block.size());
    spill.append("tail");
    spill.flush();
    std::string back;
    spill.read(0, 3 + block.size() + 4, back);
    CHECK(back == "abc" + block + "tail");
}

TEST_CASE("a spill file names the folder it cannot use and says what it was for", "[common][spill_file]") {
    const msprobe::testing::ScopedVariable tmpdir("TMPDIR", "/nonexistent/msprobe-spill");
    try {
        SpillFile spill("the trend rows");
        FAIL("a spill was made in a missing folder");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "/nonexistent/msprobe-spill");
        CHECK(std::string(e.what()).find("temporary file for the trend rows") != std::string::npos);
        CHECK(std::string(e.what()).find("set TMPDIR") != std::string::npos);
    }
}
