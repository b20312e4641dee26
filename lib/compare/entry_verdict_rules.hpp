#pragma once
// August msprobe's verdict on every row: "Result" (pass / warning / error) and
// "Err_message" (a JSON list of the messages of the rules that fired), decided
// per dump entry from the cells of the entry's input and output rows.
#include <string>
#include <vector>

#include "compare/result_table.hpp"

namespace msprobe::compare {

struct EntryVerdictOptions {
    // msprobe flags an output whose One Thousandth Err Ratio drops below 0.1
    // while its message says 0.6; we use 0.6 unless asked to reproduce it.
    bool strict_compat = false;
};

// The level and messages of one row, as the rules left them.
struct RowVerdict {
    enum class Level { Pass, Warning, Error } level = Level::Pass;
    std::vector<std::string> messages;
};

// The verdict of every row of `result` (real-data, statistics or md5 table with
// the August columns), in row order.
std::vector<RowVerdict> entry_verdicts(const ResultTable& result, const EntryVerdictOptions& options);

// The md5 rule's message for two different digests.
inline constexpr const char* kCrcDiffersMessage = "error: The CRC-32 value of NPU differs from that of the bench.";

// "pass", "warning", "error".
const char* level_text(RowVerdict::Level level);

// The Err_message text: `["a", "b"]` as Python's json.dumps writes it; `[]` when empty.
std::string messages_json(const std::vector<std::string>& messages);

// Fills the "Result" and "Err_message" cells of every row from entry_verdicts.
void apply_entry_verdicts(ResultTable& result, const EntryVerdictOptions& options);

}  // namespace msprobe::compare
