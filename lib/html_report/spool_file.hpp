#pragma once
// An anonymous temporary file that a report section writes its rows into as
// they pass, so memory holds a buffer, not the result; the file has no name
// (unlinked once created) and disappears with the object or the process.
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <string>

namespace msprobe::html_report {

class SpoolFile {
public:
    // In `dir` when it is a directory (the same disk as the report), else the system's temporary directory.
    explicit SpoolFile(const std::filesystem::path& dir);
    ~SpoolFile();
    SpoolFile(const SpoolFile&) = delete;
    SpoolFile& operator=(const SpoolFile&) = delete;

    // Appends one line (the text must not hold a newline of its own); buffered.
    void add_line(const std::string& text);
    std::size_t lines() const { return lines_; }

    // Copies the first `max_lines` lines into `out`; returns how many were copied.
    std::size_t copy_lines(std::FILE* out, std::size_t max_lines, const std::string& out_name);

private:
    void flush();

    std::FILE* file_ = nullptr;
    std::string buffer_;
    std::size_t lines_ = 0;
};

}  // namespace msprobe::html_report
