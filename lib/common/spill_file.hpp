#pragma once
// A private temporary file that a run writes once, appending, and reads back
// by byte range: what is too large to hold until it is wanted (the rows of a
// large dump, the trend rows of a whole dump tree). It is unlinked from the
// start, so it goes when the process does, whatever happens; it lies in
// $TMPDIR (else /tmp). Only this process reads what it wrote, so callers keep
// their records in the machine's own form.
#include <cstdint>
#include <string>
#include <string_view>

namespace msprobe {

class SpillFile {
public:
    // `purpose` completes the errors' sentences: "the rows of a large dump". Throws msprobe::Error naming the
    // folder when no file can be made there.
    explicit SpillFile(std::string purpose);
    ~SpillFile();
    SpillFile(const SpillFile&) = delete;
    SpillFile& operator=(const SpillFile&) = delete;

    // Appends `bytes` (buffered); returns where the file now ends. Throws msprobe::Error naming the folder when
    // the file cannot be written (a full disk).
    std::uint64_t append(std::string_view bytes);
    // Writes out what is buffered, then `bytes` as they are, without copying them into the buffer.
    void write(std::string_view bytes);
    // Writes out what is buffered.
    void flush();
    std::uint64_t size() const { return written_ + buffer_.size(); }

    // Bytes [begin, end), which must have been flushed, into `into` (replacing what it held).
    void read(std::uint64_t begin, std::uint64_t end, std::string& into) const;

private:
    void write_out(std::string_view bytes);  // at the end of the file

    std::string purpose_;
    std::string folder_;
    int fd_ = -1;
    std::string buffer_;         // appended, not yet written
    std::uint64_t written_ = 0;  // bytes in the file
};

}  // namespace msprobe
