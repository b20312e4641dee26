// Dtypes and shapes are kept once per process: equal texts are one object,
// whichever thread interned them, and read like the string they hold.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>
#include <thread>
#include <vector>

#include "dump/interned_text.hpp"

using msprobe::dump::InternedText;

TEST_CASE("an interned text reads like its string", "[dump][interned_text]") {
    const InternedText dtype("torch.float32");
    CHECK(dtype == "torch.float32");
    CHECK(dtype == std::string("torch.float32"));
    CHECK_FALSE(dtype == "torch.float16");
    CHECK(dtype.size() == 13);
    CHECK(dtype.find("float") == 6);
    CHECK(dtype.substr(6) == "float32");
    CHECK(std::string("dtype ") + dtype == "dtype torch.float32");
    CHECK(fmt::format("[{}]", dtype) == "[torch.float32]");
    CHECK(InternedText().empty());
    CHECK(InternedText() == "");
}

TEST_CASE("equal texts are one object, across threads", "[dump][interned_text]") {
    const InternedText here(std::string("[8, 16]"));
    std::vector<const std::string*> there(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < there.size(); ++t) {
        threads.emplace_back([&there, t] {
            for (int i = 0; i < 1000; ++i) (void)InternedText(fmt::format("[{}]", i));  // others interned meanwhile
            there[t] = &InternedText("[8, 16]").str();
        });
    }
    for (auto& thread : threads) thread.join();
    for (const auto* text : there) CHECK(text == &here.str());
    CHECK(InternedText("[8, 16]") == here);
    CHECK_FALSE(InternedText("[8, 17]") == here);
}
