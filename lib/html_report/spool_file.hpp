#pragma once
// An anonymous temporary file that report sections write their rows into as
// they pass, so memory holds a buffer, not the result; the file has no name
// (unlinked once created) and disappears with the object or the process.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace msprobe::html_report {

class SpoolFile {
public:
    // Lines [first line, first line + lines) of a spool, at `offset`, `bytes` long.
    struct Range {
        std::uint64_t offset = 0;
        std::uint64_t bytes = 0;
        std::size_t lines = 0;
    };

    // In `dir` when it is a directory (the same disk as the report), else the system's temporary directory.
    explicit SpoolFile(const std::filesystem::path& dir);
    ~SpoolFile();
    SpoolFile(const SpoolFile&) = delete;
    SpoolFile& operator=(const SpoolFile&) = delete;

    // Appends one line (the text must not hold a newline of its own); buffered.
    void add_line(const std::string& text);
    std::size_t lines() const { return lines_; }

    // Appends every line of `from`; where they now are in this file. `from` keeps them.
    Range append(SpoolFile& from);

    // Copies the first `max_lines` lines of `range` into `out`; returns how many were copied.
    std::size_t copy_lines(std::FILE* out, const Range& range, std::size_t max_lines, const std::string& out_name);

private:
    void flush();
    std::string name() const;

    std::FILE* file_ = nullptr;
    std::filesystem::path dir_;  // where the file lives, for messages (it has no name of its own)
    std::string buffer_;
    std::uint64_t bytes_ = 0;  // written to file_ so far
    std::size_t lines_ = 0;
};

}  // namespace msprobe::html_report
