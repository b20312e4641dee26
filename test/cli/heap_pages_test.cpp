// The heap asks for transparent huge pages only where the host reserves no huge pages and the user set nothing.
#include "heap_pages.hpp"

#include <catch2/catch.hpp>

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
