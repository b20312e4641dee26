#include "heap_pages.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace msprobe::cli {

bool heap_on_huge_pages(std::optional<std::string_view> reserved_huge_pages,
                        std::optional<std::string_view> user_setting) {
    if (user_setting || !reserved_huge_pages) return false;
    std::string_view count = *reserved_huge_pages;
    while (!count.empty() && (count.back() == '\n' || count.back() == ' ')) count.remove_suffix(1);
    return count == "0";
}

std::optional<std::string> reserved_huge_pages() {
    std::ifstream file("/proc/sys/vm/nr_hugepages");
    if (!file) return std::nullopt;
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

namespace {
HugePagesSwitch huge_pages_switch = nullptr;
}  // namespace

void set_huge_pages_switch(HugePagesSwitch on) { huge_pages_switch = on; }

void prefer_huge_heap_pages() {
    if (huge_pages_switch != nullptr && heap_on_huge_pages(reserved_huge_pages(), huge_pages_user_setting())) {
        huge_pages_switch();
    }
}

std::optional<std::string> huge_pages_user_setting() {
    const char* value = std::getenv("MIMALLOC_LARGE_OS_PAGES");
    if (value == nullptr) return std::nullopt;
    return std::string(value);
}

}  // namespace msprobe::cli
