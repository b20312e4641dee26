#pragma once
// A text that a dump row often lacks, in 8 bytes: absent costs no allocation,
// present is one block of its own, or a text shared by every row that has it
// (borrowed: the digest of an empty value, on every tensor row of a statistics
// dump). std::optional<std::string> takes 40 bytes whether or not it holds a
// text, and a dump has millions of rows.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace msprobe::dump {

class OptionalText {
public:
    OptionalText() = default;
    OptionalText(std::nullopt_t) {}  // NOLINT(google-explicit-constructor)
    OptionalText(std::string text)  // NOLINT(google-explicit-constructor)
        : bits_(reinterpret_cast<std::uintptr_t>(new const std::string(std::move(text)))) {}
    OptionalText(const char* text) : OptionalText(std::string(text)) {}  // NOLINT(google-explicit-constructor)
    // `text` must outlive every row that refers to it (a static).
    static OptionalText borrowed(const std::string& text) {
        OptionalText out;
        out.bits_ = reinterpret_cast<std::uintptr_t>(&text) | kBorrowed;
        return out;
    }
    OptionalText(const OptionalText& other) : bits_(other.owned() ? copy_of(*other) : other.bits_) {}
    OptionalText(OptionalText&& other) noexcept : bits_(std::exchange(other.bits_, 0)) {}
    OptionalText& operator=(const OptionalText& other) {
        if (this != &other) *this = OptionalText(other);
        return *this;
    }
    OptionalText& operator=(OptionalText&& other) noexcept {
        std::swap(bits_, other.bits_);
        return *this;
    }
    ~OptionalText() {
        if (owned()) delete text();
    }

    bool has_value() const { return bits_ != 0; }
    explicit operator bool() const { return has_value(); }
    const std::string& operator*() const { return *text(); }
    const std::string* operator->() const { return text(); }
    // The shared text a borrowed() text refers to; nullptr when absent or owned.
    const std::string* borrowed_text() const { return (bits_ & kBorrowed) != 0 ? text() : nullptr; }
    // The text, or "" when absent.
    const std::string& value_or_empty() const {
        static const std::string empty;
        return has_value() ? *text() : empty;
    }
    friend bool operator==(const OptionalText& a, const OptionalText& b) {
        return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
    }
    friend bool operator==(const OptionalText& a, const std::string& b) { return a.has_value() && *a == b; }

private:
    // A std::string is at least 8-byte aligned: the low bit of its address marks a borrowed text.
    static constexpr std::uintptr_t kBorrowed = 1;
    static std::uintptr_t copy_of(const std::string& text) {
        return reinterpret_cast<std::uintptr_t>(new const std::string(text));
    }
    bool owned() const { return bits_ != 0 && (bits_ & kBorrowed) == 0; }
    const std::string* text() const { return reinterpret_cast<const std::string*>(bits_ & ~kBorrowed); }

    std::uintptr_t bits_ = 0;
};

static_assert(sizeof(OptionalText) == 8);

}  // namespace msprobe::dump
