#pragma once
// What -i must name, said plainly before any reader runs: "is a directory;
// expected compare.json", not a library's text naming no file.
#include <filesystem>
#include <string_view>

namespace msprobe::cli {

enum class PathKind { File, Directory };

// Throws msprobe::Error(path, reason) unless `path` exists and is of `kind`;
// `expected` says what the flag takes ("compare.json", "a step directory").
void expect_input(const std::filesystem::path& path, PathKind kind, std::string_view expected);

}  // namespace msprobe::cli
