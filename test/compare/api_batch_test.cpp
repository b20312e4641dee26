// msprobe's grouping of result rows into API batches (compare.md §9.2): a row
// joins the batch when its API key equals the batch's, or has no
// ".forward."/".backward." segment and is a substring of the batch's key.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compare/api_batch.hpp"

using namespace msprobe::compare;

TEST_CASE("joins_api_batch: the same key joins, whatever it holds", "[compare][api_batch]") {
    CHECK(joins_api_batch("Functional.conv2d.0.forward", "Functional.conv2d.0.forward"));
    CHECK(joins_api_batch("Module.conv1.Conv2d.forward.0", "Module.conv1.Conv2d.forward.0"));
    CHECK(joins_api_batch("", ""));
}

TEST_CASE("joins_api_batch: a key without a direction segment joins when it lies inside the batch's key",
          "[compare][api_batch]") {
    // L1 keys end with ".forward" (no dot after it), so they take the substring branch.
    CHECK(joins_api_batch("Functional.conv2d.0.forward", "conv2d.0.forward"));
    CHECK(joins_api_batch("Module.conv1.Conv2d.forward.0", "Module.conv1.Conv2d"));
    CHECK(joins_api_batch("Functional.conv2d.0.forward", ""));  // the empty key is inside every key
    CHECK_FALSE(joins_api_batch("Functional.conv2d.0.forward", "Functional.conv2d.1.forward"));
    CHECK_FALSE(joins_api_batch("Functional.conv2d.0.forward", "Functional.conv2d.0.backward"));
    CHECK_FALSE(joins_api_batch("conv2d.0.forward", "Functional.conv2d.0.forward"));  // the other way round
}

TEST_CASE("joins_api_batch: a key with .forward. or .backward. joins only when equal", "[compare][api_batch]") {
    CHECK_FALSE(joins_api_batch("Module.conv1.Conv2d.forward.0", "conv1.Conv2d.forward.0"));
    CHECK_FALSE(joins_api_batch("Module.conv1.Conv2d.backward.0", "Conv2d.backward.0"));
    CHECK_FALSE(joins_api_batch("Module.conv1.Conv2d.forward.0", "Module.conv1.Conv2d.backward.0"));
    // ".forward" at the end of the row key is not the segment: the substring rule applies.
    CHECK(joins_api_batch("Module.conv1.Conv2d.forward.0", "Conv2d.forward"));
}

TEST_CASE("api_batch_end: rows join the key of the batch's first row, not of the row before",
          "[compare][api_batch]") {
    const std::vector<std::string> apis = {
        "Functional.linear.0.forward",  // 0 opens a batch
        "Functional.linear.0.forward",  // 1 same key
        "linear.0.forward",             // 2 inside the batch's key
        "Functional.linear.0.forward",  // 3 same key again
        "Functional.relu.0.forward",    // 4 opens a batch
        "relu",                         // 5 inside it
        "linear",                       // 6 inside row 3's key, not the batch's: opens one
        "Module.fc.Linear.forward.0",   // 7
        "fc.Linear.forward.0",          // 8 a substring with ".forward.": opens one
    };
    const auto api_of = [&](std::size_t r) -> const std::string& { return apis.at(r); };
    CHECK(api_batch_end(0, apis.size(), api_of) == 4);
    CHECK(api_batch_end(4, apis.size(), api_of) == 6);
    CHECK(api_batch_end(6, apis.size(), api_of) == 7);
    CHECK(api_batch_end(7, apis.size(), api_of) == 8);
    CHECK(api_batch_end(8, apis.size(), api_of) == 9);
    // A batch started inside another one ends where its own key stops matching.
    CHECK(api_batch_end(2, apis.size(), api_of) == 3);
}

TEST_CASE("api_batch_end: the count bounds the batch, and a last row is a batch of one", "[compare][api_batch]") {
    const std::vector<std::string> apis(5, "Tensor.add.0.forward");
    const auto api_of = [&](std::size_t r) -> const std::string& { return apis.at(r); };
    CHECK(api_batch_end(0, apis.size(), api_of) == 5);
    CHECK(api_batch_end(0, 3, api_of) == 3);  // rows past the count are never asked for
    CHECK(api_batch_end(4, apis.size(), api_of) == 5);
    CHECK(api_batch_end(2, 3, api_of) == 3);
}
