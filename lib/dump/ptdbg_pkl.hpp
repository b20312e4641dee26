#pragma once
// Legacy ptdbg_ascend dump index (".pkl"): despite the name, UTF-8 text with
// one JSON array per line (formats.md §12). This reader only splits the file
// into records; what a record means is left to its users.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::dump {

// One call-stack frame of a stack record: [file, line, function, code].
struct PtdbgFrame {
    std::string file;
    std::string line;      // a string in the file ("88")
    std::string function;
    std::string code;      // "None" when the file holds null
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

    // Stack records, innermost frame first as written.
    std::vector<PtdbgFrame> frames;
};

// Splits pkl text into records. Blank lines are skipped; a line that is not a
// JSON array with a string first element throws msprobe::Error naming `file`
// and the line.
std::vector<PtdbgRecord> parse_ptdbg_pkl(std::string_view text, const std::string& file);

// Reads and parses a file (msprobe::Error when it cannot be read).
std::vector<PtdbgRecord> read_ptdbg_pkl(const std::filesystem::path& path);

}  // namespace msprobe::dump
