#include "config_check/check_level.hpp"

#include <algorithm>

namespace msprobe::config_check {

const char* level_text(CheckLevel level) {
    switch (level) {
        case CheckLevel::Pass: return "pass";
        case CheckLevel::Warning: return "warning";
        case CheckLevel::Error: return "error";
    }
    return "pass";
}

CheckLevel worst_level(std::span<const CheckLevel> levels) {
    return levels.empty() ? CheckLevel::Pass : *std::max_element(levels.begin(), levels.end());
}

}  // namespace msprobe::config_check
