#pragma once
// msprobe's grouping of result rows into API batches,
// shared by the highlight rules and the first-difference check.
#include <cstddef>
#include <string_view>

namespace msprobe::compare {

// Whether a row of API `row_api` continues the batch opened by `batch_api`:
// the same key, or a key without a ".forward."/".backward." segment that is a
// substring of the batch's key.
inline bool joins_api_batch(std::string_view batch_api, std::string_view row_api) {
    if (row_api == batch_api) return true;
    const bool direction_inside =
        row_api.find(".forward.") != std::string_view::npos || row_api.find(".backward.") != std::string_view::npos;
    return !direction_inside && batch_api.find(row_api) != std::string_view::npos;
}

// The end of the batch that opens at row `start` of `count` rows, where
// `api_of(r)` is row r's API.
template <class ApiOf>
std::size_t api_batch_end(std::size_t start, std::size_t count, const ApiOf& api_of) {
    const std::string_view key = api_of(start);
    std::size_t end = start + 1;
    while (end < count && joins_api_batch(key, api_of(end))) ++end;
    return end;
}

}  // namespace msprobe::compare
