// msprobe::Error: the file, the reason, the exit code, and the one line main prints.
#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"

TEST_CASE("an Error names its file before the reason and defaults to bad input", "[common][error]") {
    const msprobe::Error error("out/dump.json", "'task' is missing or empty");
    CHECK(std::string(error.what()) == "out/dump.json: 'task' is missing or empty");
    CHECK(error.file() == "out/dump.json");
    CHECK(error.reason() == "'task' is missing or empty");
    CHECK(error.exit_code() == msprobe::kExitBadInput);
    CHECK(msprobe::kExitBadInput == 2);
    CHECK(msprobe::kExitInternal == 3);
}

TEST_CASE("an Error about no file is its reason alone, the exit code can be chosen", "[common][error]") {
    const msprobe::Error error("", "--rules and --no-rules exclude each other");
    CHECK(std::string(error.what()) == "--rules and --no-rules exclude each other");
    CHECK(msprobe::Error("x", "y", msprobe::kExitComparisonFailed).exit_code() == 1);
}
