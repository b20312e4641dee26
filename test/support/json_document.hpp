#pragma once
// A JSON text parsed as msprobe's files are read (NaN and Infinity allowed),
// for tests that hand rapidjson values to the code under test.
#include <catch2/catch.hpp>
#include <rapidjson/document.h>

namespace msprobe::testing {

inline rapidjson::Document json_document(const char* text) {
    rapidjson::Document d;
    d.Parse<rapidjson::kParseNanAndInfFlag>(text);
    REQUIRE_FALSE(d.HasParseError());
    return d;
}

}  // namespace msprobe::testing
