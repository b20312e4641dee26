#pragma once
// Tests of readers that refuse bad input: the reason of the msprobe::Error a
// reader throws, once the error is seen to name the file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "common/error.hpp"

namespace msprobe::testing {

// The reason of the msprobe::Error that read(path) throws, after checking that
// it names `path`; "" when read(path) throws none.
template <class Read>
std::string refusal_reason(const std::filesystem::path& path, Read&& read) {
    try {
        read(path);
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == path.string());
        return e.reason();
    }
    return "";
}

}  // namespace msprobe::testing
