#pragma once
// The GE graph dumps of torchair (dynamo_original_graph_*.txt) as msprobe
// reads them (torchair_acc_cmp.py:parse_pbtxt_to_dict): protobuf text format
// taken line by line, not by its grammar. A stripped line holding " {" opens
// a block named by the text before it; one holding ": " is `key: value` (the
// quotes around a value taken off, nothing unescaped); one holding "}" closes
// the block. A key met again in the same block is renamed `key#1`, `key#2`, ….
// Every block opened at the top starts a new message; value lines at the top
// belong to the message before them (and are lost before the first block).
//
//   for (const PbtxtMessage& message : parse_pbtxt(text, path)) {
//       const PbtxtField* op = find_field(message, "op");   // op { name: "Add_1" ... }
//   }
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::torchair_compare {

struct PbtxtField {
    std::string key;                 // as msprobe names it: "input", "input#1", …
    std::string text;                // a value line's value, quotes taken off
    std::vector<PbtxtField> fields;  // a block's fields in file order
    bool block = false;
};

using PbtxtMessage = std::vector<PbtxtField>;

// Blocks nest at most this deep: a deeper file is refused, as JSON files are.
inline constexpr std::size_t kMaxPbtxtDepth = 1000;

// The top-level messages of `text`. Throws msprobe::Error(file, "line N: …")
// for a "}" that closes no block (msprobe's reader goes on in whatever block
// it recorded last), or blocks nested deeper than the bound. A value holding
// ": " itself is read from the first ": " on (msprobe's reader raises there).
std::vector<PbtxtMessage> parse_pbtxt(std::string_view text, const std::string& file);

// parse_pbtxt of a file, opened as every input is (InputFile).
std::vector<PbtxtMessage> read_pbtxt(const std::filesystem::path& file);

// The first field named exactly `key` (Python's dict lookup), or null.
const PbtxtField* find_field(const std::vector<PbtxtField>& fields, std::string_view key);

}  // namespace msprobe::torchair_compare
