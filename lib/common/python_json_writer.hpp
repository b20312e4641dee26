#pragma once
// Streams JSON text laid out exactly like Python's json.dump(obj, f, indent=N)
// with its defaults (ensure_ascii, allow_nan): N-space indentation, "[]" and
// "{}" for empty containers, floats in repr form ("25.0", "1e-05") and the
// NaN / Infinity / -Infinity tokens. msprobe writes all its JSON files so
// (dumps with indent 1, compare results with 4, analysis files with 2).
// Nothing is kept but a write buffer, so files of any size can be written.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::py {

// Appends `text` as json.dumps writes a string: quoted, with ensure_ascii's escapes.
void append_json_string(std::string& out, std::string_view text);

class JsonWriter {
public:
    // json.dumps(obj) without indent: one line, separators ", " and ": ".
    static constexpr int kOneLine = -1;

    explicit JsonWriter(int indent = 1);                                   // into text()
    explicit JsonWriter(const std::filesystem::path& file, int indent = 1);  // throws msprobe::Error
    ~JsonWriter();
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    void key(std::string_view name);  // inside an object, before each value

    void null();
    void boolean(bool value);
    void integer(std::int64_t value);
    void number(double value);  // Python float repr
    void string(std::string_view text);

    // Writes what is buffered and closes the file; throws msprobe::Error on I/O failure.
    void finish();
    const std::string& text() const { return buffer_; }  // in-memory writers only

private:
    void before_value();
    void open(char bracket);
    void close(char bracket);
    void newline_and_indent(std::size_t depth);
    void flush_if_large();

    int indent_ = 1;
    std::FILE* file_ = nullptr;
    std::filesystem::path path_;
    std::string buffer_;
    std::vector<bool> has_items_;  // one per open container
    bool after_key_ = false;
};

}  // namespace msprobe::py
