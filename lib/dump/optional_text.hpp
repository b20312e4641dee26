#pragma once
// A text that a dump row often lacks, in 8 bytes: absent costs no allocation,
// present is one block of its own. std::optional<std::string> takes 40 bytes
// whether or not it holds a text, and a dump has millions of rows.
#include <memory>
#include <optional>
#include <string>

namespace msprobe::dump {

class OptionalText {
public:
    OptionalText() = default;
    OptionalText(std::nullopt_t) {}  // NOLINT(google-explicit-constructor)
    OptionalText(std::string text)  // NOLINT(google-explicit-constructor)
        : text_(std::make_unique<const std::string>(std::move(text))) {}
    OptionalText(const char* text) : OptionalText(std::string(text)) {}  // NOLINT(google-explicit-constructor)
    OptionalText(const OptionalText& other)
        : text_(other.text_ ? std::make_unique<const std::string>(*other.text_) : nullptr) {}
    OptionalText(OptionalText&&) noexcept = default;
    OptionalText& operator=(const OptionalText& other) {
        if (this != &other) text_ = other.text_ ? std::make_unique<const std::string>(*other.text_) : nullptr;
        return *this;
    }
    OptionalText& operator=(OptionalText&&) noexcept = default;
    ~OptionalText() = default;

    bool has_value() const { return text_ != nullptr; }
    explicit operator bool() const { return has_value(); }
    const std::string& operator*() const { return *text_; }
    const std::string* operator->() const { return text_.get(); }
    // The text, or "" when absent.
    const std::string& value_or_empty() const {
        static const std::string empty;
        return text_ ? *text_ : empty;
    }

    friend bool operator==(const OptionalText& a, const OptionalText& b) {
        return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
    }
    friend bool operator==(const OptionalText& a, const std::string& b) { return a.has_value() && *a == b; }

private:
    std::unique_ptr<const std::string> text_;
};

}  // namespace msprobe::dump
