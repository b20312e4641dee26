#pragma once
// Whether a command puts msprobe's heap on transparent huge pages. A graph
// run fills tens of MB to GBs of fresh heap, and each 4 KiB page costs a fault
// when first touched (a tenth of a 20 000-API graph compare's CPU time on a
// virtual machine); a 2 MiB page costs one fault for 512, for a few MB more of
// memory. A compare gains nothing from them (its rows are few, large blocks),
// so the graph commands ask, the others do not. mimalloc takes explicitly
// reserved huge pages (vm.nr_hugepages) before transparent ones, and an Ascend
// host may keep those for its devices: so only where the host reserves none,
// and never against the user's own MIMALLOC_LARGE_OS_PAGES.
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::cli {

// `reserved_huge_pages`: /proc/sys/vm/nr_hugepages' text, nullopt when it cannot be read; `user_setting`:
// MIMALLOC_LARGE_OS_PAGES, nullopt when unset (then the allocator reads it itself and nothing is chosen here).
bool heap_on_huge_pages(std::optional<std::string_view> reserved_huge_pages,
                        std::optional<std::string_view> user_setting);

// This host's and this process's inputs to heap_on_huge_pages.
std::optional<std::string> reserved_huge_pages();
std::optional<std::string> huge_pages_user_setting();

// How the binary's allocator turns huge pages on for the allocations that follow; main sets it when the binary
// links mimalloc.
using HugePagesSwitch = void (*)();
void set_huge_pages_switch(HugePagesSwitch on);

// Puts the heap on huge pages from here on where heap_on_huge_pages says so; nothing without a switch. Called by
// a command that fills a large heap, before its threads start.
void prefer_huge_heap_pages();

}  // namespace msprobe::cli
