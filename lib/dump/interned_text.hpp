#pragma once
// A short text from a small set (a dtype, a shape), kept once per process and
// referred to by pointer: 8 bytes in each of millions of dump rows instead of
// a 32-byte string. Reads like a const std::string.
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace msprobe::dump {

class InternedText {
public:
    InternedText();
    InternedText(std::string_view text);  // NOLINT(google-explicit-constructor)
    InternedText(const std::string& text)
        : InternedText(std::string_view(text)) {}                             // NOLINT(google-explicit-constructor)
    InternedText(const char* text) : InternedText(std::string_view(text)) {}  // NOLINT(google-explicit-constructor)

    const std::string& str() const { return *text_; }
    operator const std::string&() const { return *text_; }  // NOLINT(google-explicit-constructor)
    operator std::string_view() const { return *text_; }   // NOLINT(google-explicit-constructor)

    bool empty() const { return text_->empty(); }
    std::size_t size() const { return text_->size(); }
    const char* c_str() const { return text_->c_str(); }
    char front() const { return text_->front(); }
    char back() const { return text_->back(); }
    std::size_t find(std::string_view part, std::size_t from = 0) const { return text_->find(part, from); }
    std::size_t find(char c, std::size_t from = 0) const { return text_->find(c, from); }
    std::size_t rfind(std::string_view part, std::size_t from = std::string::npos) const {
        return text_->rfind(part, from);
    }
    std::string substr(std::size_t pos, std::size_t n = std::string::npos) const { return text_->substr(pos, n); }
    auto begin() const { return text_->begin(); }
    auto end() const { return text_->end(); }
    char operator[](std::size_t i) const { return (*text_)[i]; }

    // Equal texts are one pointer.
    friend bool operator==(const InternedText& a, const InternedText& b) { return a.text_ == b.text_; }
    friend bool operator==(const InternedText& a, std::string_view b) { return *a.text_ == b; }
    friend bool operator==(const InternedText& a, const std::string& b) { return *a.text_ == b; }
    friend bool operator==(const InternedText& a, const char* b) { return *a.text_ == b; }
    friend std::string operator+(const std::string& a, const InternedText& b) { return a + *b.text_; }
    friend std::string operator+(const InternedText& a, const std::string& b) { return *a.text_ + b; }
    friend std::string operator+(const char* a, const InternedText& b) { return a + *b.text_; }
    friend std::string operator+(const InternedText& a, const char* b) { return *a.text_ + b; }
    friend std::ostream& operator<<(std::ostream& out, const InternedText& t) { return out << *t.text_; }

private:
    const std::string* text_;
};

}  // namespace msprobe::dump

template <>
struct fmt::formatter<msprobe::dump::InternedText> : fmt::formatter<std::string_view> {
    template <typename Context>
    auto format(const msprobe::dump::InternedText& t, Context& ctx) const {
        return fmt::formatter<std::string_view>::format(std::string_view(t.str()), ctx);
    }
};
