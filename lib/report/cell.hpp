#pragma once
// One spreadsheet cell as msprobe's result books hold it: empty, text, number
// or boolean. Writers decide how non-finite numbers and booleans are rendered.
#include <string>
#include <variant>

namespace msprobe::report {

class Cell {
public:
    Cell() = default;
    Cell(std::string text) : value_(std::move(text)) {}  // NOLINT(google-explicit-constructor)
    Cell(const char* text) : value_(std::string(text)) {}  // NOLINT(google-explicit-constructor)
    Cell(double number) : value_(number) {}  // NOLINT(google-explicit-constructor)
    static Cell boolean(bool b) {
        Cell c;
        c.value_ = b;
        return c;
    }

    bool is_empty() const { return std::holds_alternative<std::monostate>(value_); }
    bool is_text() const { return std::holds_alternative<std::string>(value_); }
    bool is_number() const { return std::holds_alternative<double>(value_); }
    bool is_bool() const { return std::holds_alternative<bool>(value_); }

    const std::string& text() const { return std::get<std::string>(value_); }
    double number() const { return std::get<double>(value_); }
    bool boolean_value() const { return std::get<bool>(value_); }

    bool operator==(const Cell&) const = default;

private:
    std::variant<std::monostate, std::string, double, bool> value_;
};

}  // namespace msprobe::report
