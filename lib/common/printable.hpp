#pragma once
// Text from files and paths on one line of a terminal or log: a newline or NUL
// in a file name or yaml key must not split or cut the line, nor raw header
// bytes reach the terminal. Every message the binaries print passes here.
#include <string>
#include <string_view>

namespace msprobe {

// Control characters as \n \r \t or \xNN, DEL and bytes that are not valid
// UTF-8 as \xNN; valid UTF-8 (non-ASCII file names) is kept as it is.
std::string printable(std::string_view text);

}  // namespace msprobe
