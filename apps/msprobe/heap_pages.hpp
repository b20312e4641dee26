#pragma once
// Whether msprobe's heap asks for transparent huge pages. A graph or compare
// run fills tens of MB to GBs of fresh heap, and each 4 KiB page costs a fault
// when first touched (a tenth of a 20 000-API graph compare's CPU time on a
// virtual machine); a 2 MiB page costs one fault for 512, for a few MB more of
// memory. mimalloc takes explicitly reserved huge pages (vm.nr_hugepages)
// before transparent ones, and an Ascend host may keep those for its devices:
// so only where the host reserves none, and never against the user's own
// MIMALLOC_LARGE_OS_PAGES.
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

}  // namespace msprobe::cli
