#pragma once
// msprobe's hygiene for the files run_ut, multi_run_ut and run_overflow_check
// read: existence, no soft link, the expected suffix, path
// length and size limits refuse the input; ownership and "writable by others"
// only warn: ownership rules are site policy (docs/compatibility.md row 75).
#include <cstdint>
#include <filesystem>
#include <string>

namespace msprobe::precision {

enum class InputFileKind { Json, Csv };

// Throws msprobe::Error(path, reason) (exit 2) when the file is not acceptable; `what` names the flag in messages.
// `warn` = false leaves the ownership warnings to the process that already checked the same file.
void check_input_file(const std::filesystem::path& path, InputFileKind kind, const std::string& what, bool warn = true);

// The size limits msprobe applies (json 10 GiB, csv 1 GiB).
std::uintmax_t max_input_bytes(InputFileKind kind);

}  // namespace msprobe::precision
