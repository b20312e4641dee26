// Every tensor-file failure carries its error class in front of the reason.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "tensor/read_error.hpp"

using namespace msprobe::tensor;

TEST_CASE("failure codes", "[tensor][read_error]") {
    CHECK(failure_code(ReadFailure::Io) == "E_IO");
    CHECK(failure_code(ReadFailure::BadMagic) == "E_BAD_MAGIC");
    CHECK(failure_code(ReadFailure::Truncated) == "E_TRUNCATED");
    CHECK(failure_code(ReadFailure::Limit) == "E_LIMIT");
}

TEST_CASE("fail throws bad input naming the file, the code first in the reason", "[tensor][read_error]") {
    try {
        fail("a.pt", ReadFailure::Truncated, "data/0 ends at byte 12 of 16");
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "a.pt");
        CHECK(e.reason() == "E_TRUNCATED: data/0 ends at byte 12 of 16");
        CHECK(e.exit_code() == msprobe::kExitBadInput);
    }
}
