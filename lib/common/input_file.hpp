#pragma once
// The one way a user's input file is opened. msprobe checks a path before it
// reads it; these are the checks that keep a bad path from
// hanging or exhausting the process, done on the descriptor that is then read:
//   * the path itself must not be a soft link (msprobe's FileChecker refuses them);
//   * it must be a regular file: a FIFO or a device would block in open() or
//     never end (/dev/zero);
//   * it is opened with O_NONBLOCK | O_NOFOLLOW and checked again with fstat,
//     so a swap between the check and the open is caught;
//   * its size must be below msprobe's cap for its kind, checked before a byte is read.
// Every refusal is an msprobe::Error naming the file.
#include <cstdint>
#include <filesystem>
#include <string>

namespace msprobe {

// What the file holds decides its size cap (msprobe's FileCheckConst limits).
enum class InputKind {
    Json,    // dump.json, stack.json, construct.json, compare.json, run_ut inputs: 10 GiB
    Tensor,  // .pt, .npy: 10 GiB
    Table,   // .csv, .xlsx, ptdbg .pkl: 1 GiB
    Yaml,    // mapping and config files: 1 GiB
};

// A file refuses when its size is at least this (msprobe's ">=" rule).
std::uintmax_t input_size_cap(InputKind kind);

class InputFile {
public:
    static InputFile open(const std::filesystem::path& path, InputKind kind);

    ~InputFile();
    InputFile(InputFile&& other) noexcept;
    InputFile& operator=(InputFile&&) = delete;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    int fd() const { return fd_; }
    std::uintmax_t size() const { return size_; }
    const std::string& path() const { return path_; }

    // Reads the `size()` bytes into `buffer`; a file that shrank meanwhile is an Error.
    void read_into(char* buffer) const;
    // Reads bytes [offset, offset + count) into `buffer`, with the same errors.
    void read_at(std::uintmax_t offset, char* buffer, std::uintmax_t count) const;
    std::string read_all() const;

private:
    InputFile(std::string path, int fd, std::uintmax_t size) : path_(std::move(path)), fd_(fd), size_(size) {}

    std::string path_;
    int fd_;
    std::uintmax_t size_;
};

// Reads `count` bytes at `offset` of `fd` into `buffer`, going on after
// interrupted and partial reads. Returns 0, the errno of a failed read, or -1
// when the file ends first.
int read_exactly_at(int fd, std::uintmax_t offset, char* buffer, std::uintmax_t count);
// Its twin for the files a run writes: all `count` bytes at `offset`, going on after interrupted and partial
// writes. Returns 0 or the errno of a failed write (ENOSPC for one that writes nothing).
int write_exactly_at(int fd, std::uintmax_t offset, const char* buffer, std::uintmax_t count);

// Whether anything has the name `path` (a FIFO, a device, an unreadable
// file too). Code that passes over an absent input asks this, not "is it a
// regular file": what is there gets opened, and InputFile::open refuses it by
// name, instead of being skipped as not found.
bool input_path_present(const std::filesystem::path& path);

// The whole text of a user's input file, through InputFile::open.
std::string read_input_file(const std::filesystem::path& path, InputKind kind);

// Inside a catch block: rethrows the exception in flight as an msprobe::Error
// naming `file` (std::bad_alloc, filesystem and library exceptions alike), so
// a reader never lets an anonymous exception reach main.
[[noreturn]] void rethrow_naming(const std::string& file);

}  // namespace msprobe
