#pragma once
// Legacy ptdbg_ascend dump index (".pkl"): despite the name, UTF-8 text with
// one JSON array per line. This reader only splits the file
// into records; what a record means is left to its users.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dump/json_parse.hpp"

namespace msprobe::dump {

// One call-stack frame of a stack record: [file, line, function, code].
struct PtdbgFrame {
    std::string file;
    std::string line;      // a string in the file ("88")
    std::string function;
    std::string code;      // "None" when the file holds null
    // Elements of the frame's list; none when the frame is not a list (a failed capture writes [""]).
    std::optional<std::size_t> field_count;
};

struct PtdbgRecord {
    enum class Kind : std::uint8_t { Data, Stack };
    Kind kind = Kind::Data;
    std::string name;          // "Functional_conv2d_0_forward_input.0" / "..._stack_info"
    std::size_t line_number = 0;  // 1-based line of the file
    std::size_t field_count = 0;  // elements of the line's array

    // Data records (fields 1, 3, 4, 5), each as Python's str() of the value.
    std::string step;          // "1"
    std::string dtype;         // "torch.float32", "<class 'int'>"
    std::string shape;         // "[2, 1, 2, 2]", "[]"
    std::vector<std::string> summary;            // str() of each summary element: max, min, mean[, norm]
    std::vector<std::optional<double>> summary_numbers;  // the same as numbers, nullopt when not one
    std::vector<std::string> summary_cells;  // the same as pandas writes them: NaN and None leave the cell empty
    std::optional<std::int64_t> step_integer;  // field 1 when it is an integer (ptdbg's dump flag)
    bool dtype_is_text = false;
    bool shape_is_list_or_text = false;
    bool summary_is_list = false;

    // Stack records, innermost frame first as written.
    std::vector<PtdbgFrame> frames;
    bool frames_is_list = false;
    std::string frames_text;  // Python's str() of the frames list
};

// A line the reader stopped at: not JSON, not a non-empty array, or no string name first.
struct PtdbgLineFault {
    enum class Kind : std::uint8_t { MalformedJson, NotAnArray, NameNotText };
    Kind kind = Kind::MalformedJson;
    std::size_t line_number = 0;
    std::size_t column = 0;  // 1-based, for MalformedJson
    std::string reason;      // the JSON parser's, for MalformedJson
};

// Every record up to the first line that is not one. Records are read
// leniently (their fields' kinds are kept), so each user words its own rules
// in file order: first the records' faults, then the line the reading stopped at.
struct PtdbgScan {
    std::vector<PtdbgRecord> records;
    std::optional<PtdbgLineFault> fault;
};

// Splits pkl text into records. Blank lines are skipped.
PtdbgScan scan_ptdbg_pkl(std::string_view text, Utf8Check utf8);

// Splits pkl text into records. Blank lines are skipped; a line that is not a
// JSON array with a string first element throws msprobe::Error naming `file`
// and the line.
std::vector<PtdbgRecord> parse_ptdbg_pkl(std::string_view text, const std::string& file);

// Reads and parses a file (msprobe::Error when it cannot be read).
std::vector<PtdbgRecord> read_ptdbg_pkl(const std::filesystem::path& path);

}  // namespace msprobe::dump
