// The heap asks for transparent huge pages only where the host reserves no huge pages and the user set nothing.
#include "heap_pages.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <optional>
#include <string>

using msprobe::cli::heap_on_huge_pages;

TEST_CASE("heap pages: transparent huge pages where the host reserves none and the user chose nothing",
          "[cli][heap_pages]") {
    CHECK(heap_on_huge_pages("0\n", std::nullopt));
    CHECK(heap_on_huge_pages("0", std::nullopt));
    // Reserved pages are the host's (an Ascend host may keep them for its devices): left alone.
    CHECK_FALSE(heap_on_huge_pages("1024\n", std::nullopt));
    CHECK_FALSE(heap_on_huge_pages("10\n", std::nullopt));
    // Unreadable (no /proc, another OS) or unclear: the allocator's own default.
    CHECK_FALSE(heap_on_huge_pages(std::nullopt, std::nullopt));
    CHECK_FALSE(heap_on_huge_pages("", std::nullopt));
    // MIMALLOC_LARGE_OS_PAGES set either way: the allocator reads it, nothing is chosen here.
    CHECK_FALSE(heap_on_huge_pages("0\n", "0"));
    CHECK_FALSE(heap_on_huge_pages("0\n", "1"));
}

namespace {
int switched = 0;
void count_switch() { ++switched; }
}  // namespace

TEST_CASE("heap pages: a command's request turns the binary's switch where the host and the user allow",
          "[cli][heap_pages]") {
    using namespace msprobe::cli;
    const char* saved = std::getenv("MIMALLOC_LARGE_OS_PAGES");
    const std::optional<std::string> user = saved ? std::optional<std::string>(saved) : std::nullopt;
    ::unsetenv("MIMALLOC_LARGE_OS_PAGES");
    set_huge_pages_switch(nullptr);
    prefer_huge_heap_pages();  // no allocator switch: nothing to turn
    set_huge_pages_switch(&count_switch);
    switched = 0;
    prefer_huge_heap_pages();
    CHECK(switched == (heap_on_huge_pages(reserved_huge_pages(), std::nullopt) ? 1 : 0));
    ::setenv("MIMALLOC_LARGE_OS_PAGES", "1", 1);  // the user's word: the allocator has read it
    switched = 0;
    prefer_huge_heap_pages();
    CHECK(switched == 0);
    set_huge_pages_switch(nullptr);
    if (user)
        ::setenv("MIMALLOC_LARGE_OS_PAGES", user->c_str(), 1);
    else
        ::unsetenv("MIMALLOC_LARGE_OS_PAGES");
}
