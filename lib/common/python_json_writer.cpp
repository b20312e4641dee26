#include "common/python_json_writer.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>

#include "common/error.hpp"
#include "common/python_text.hpp"

namespace msprobe::py {

namespace {

constexpr std::size_t kFlushThreshold = 1 << 20;

void append_hex4(std::string& out, unsigned code) {
    static const char digits[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out.push_back(digits[(code >> shift) & 0xF]);
}

// Decodes one UTF-8 sequence at text[i]; invalid bytes stand for themselves
// (as Latin-1), which keeps the output ASCII whatever the input.
unsigned next_code_point(std::string_view text, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned lead = byte(i);
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (length == 1 || i + length > text.size()) {
        ++i;
        return lead;
    }
    unsigned code = lead & (0x3F >> (length - 1));
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) {
            ++i;
            return lead;
        }
        code = (code << 6) | (byte(i + k) & 0x3F);
    }
    i += length;
    return code;
}

bool is_plain(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x20 && byte < 0x7F && c != '"' && c != '\\';
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
    out.push_back('"');
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        // clang-format off
        switch (c) {
            case '"': out += "\\\""; ++i; continue;
            case '\\': out += "\\\\"; ++i; continue;
            case '\n': out += "\\n"; ++i; continue;
            case '\r': out += "\\r"; ++i; continue;
            case '\t': out += "\\t"; ++i; continue;
            case '\b': out += "\\b"; ++i; continue;
            case '\f': out += "\\f"; ++i; continue;
            default: break;
        }
        // clang-format on
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7F) {  // printable ASCII: copy the whole run at once
            std::size_t end = i + 1;
            while (end < text.size() && is_plain(text[end])) ++end;
            out.append(text.substr(i, end - i));
            i = end;
            continue;
        }
        const unsigned code = next_code_point(text, i);
        if (code > 0xFFFF) {
            append_hex4(out, 0xD800 + ((code - 0x10000) >> 10));
            append_hex4(out, 0xDC00 + ((code - 0x10000) & 0x3FF));
        } else {
            append_hex4(out, code);
        }
    }
    out.push_back('"');
}

JsonWriter::JsonWriter(int indent) : indent_(indent) {}

JsonWriter::JsonWriter(const std::filesystem::path& file, int indent) : indent_(indent), path_(file) {
    file_ = std::fopen(file.c_str(), "wb");
    if (file_ == nullptr) throw Error(file.string(), std::string("cannot create: ") + std::strerror(errno));
    buffer_.reserve(kFlushThreshold + 4096);
}

JsonWriter::~JsonWriter() {
    if (file_ != nullptr) std::fclose(file_);
}

void JsonWriter::newline_and_indent(std::size_t depth) {
    if (indent_ < 0) return;
    buffer_.push_back('\n');
    buffer_.append(depth * static_cast<std::size_t>(indent_), ' ');
}

// Python's item separator with indent is ",\n" + indentation; the first item
// of a container only gets the newline.
void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (has_items_.empty()) return;
    if (has_items_.back()) buffer_ += indent_ < 0 ? ", " : ",";
    has_items_.back() = true;
    newline_and_indent(has_items_.size());
}

void JsonWriter::key(std::string_view name) {
    before_value();
    append_json_string(buffer_, name);
    buffer_ += ": ";
    after_key_ = true;
}

void JsonWriter::open(char bracket) {
    before_value();
    buffer_.push_back(bracket);
    has_items_.push_back(false);
}

void JsonWriter::close(char bracket) {
    const bool had_items = has_items_.back();
    has_items_.pop_back();
    if (had_items) newline_and_indent(has_items_.size());
    buffer_.push_back(bracket);
    flush_if_large();
}

void JsonWriter::begin_object() { open('{'); }
void JsonWriter::end_object() { close('}'); }
void JsonWriter::begin_array() { open('['); }
void JsonWriter::end_array() { close(']'); }

void JsonWriter::null() {
    before_value();
    buffer_ += "null";
}

void JsonWriter::boolean(bool value) {
    before_value();
    buffer_ += value ? "true" : "false";
}

void JsonWriter::integer(std::int64_t value) {
    before_value();
    buffer_ += std::to_string(value);
}

void JsonWriter::number(double value) {
    before_value();
    if (std::isnan(value)) {
        buffer_ += "NaN";
    } else if (std::isinf(value)) {
        buffer_ += value > 0 ? "Infinity" : "-Infinity";
    } else {
        buffer_ += float_repr(value);
    }
}

// json's ensure_ascii escaping: the short escapes, \u00XX for other control
// characters and DEL, \uXXXX (surrogate pairs above U+FFFF) for non-ASCII.
void JsonWriter::string(std::string_view text) {
    before_value();
    append_json_string(buffer_, text);
}

void JsonWriter::flush_if_large() {
    if (file_ == nullptr || buffer_.size() < kFlushThreshold) return;
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
        throw Error(path_.string(), std::string("write failed: ") + std::strerror(errno));
    }
    buffer_.clear();
}

void JsonWriter::finish() {
    if (file_ == nullptr) return;
    const bool written = std::fwrite(buffer_.data(), 1, buffer_.size(), file_) == buffer_.size();
    buffer_.clear();
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!written || !closed) throw Error(path_.string(), std::string("write failed: ") + std::strerror(errno));
}

}  // namespace msprobe::py
