#pragma once
// The verdict of one checker (the summary sheet's pass_check) and of one row (a sheet's level column).
#include <cstdint>
#include <span>
#include <string>

#include "report/table.hpp"

namespace msprobe::config_check {

enum class CheckLevel : std::uint8_t { Pass, Warning, Error };

// "pass", "warning", "error".
const char* level_text(CheckLevel level);

// msprobe's process_pass_check: error if any row is one, else warning if any is, else pass (no rows: pass).
CheckLevel worst_level(std::span<const CheckLevel> levels);

// What one checker found: its name (the summary row and the sheet name), its verdict and its sheet.
struct CheckerResult {
    std::string name;
    CheckLevel pass_check = CheckLevel::Pass;
    report::Table table;
};

}  // namespace msprobe::config_check
