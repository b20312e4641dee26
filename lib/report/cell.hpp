#pragma once
// One spreadsheet cell as msprobe's result books hold it: empty, text, number
// or boolean. Writers decide how non-finite numbers and booleans are rendered.
//
// A result book has hundreds of thousands of rows of ~30 cells, so a cell is
// 16 bytes: a text of up to 14 bytes (dtypes, shapes, "N/A", "pass", most
// numbers' texts) is kept inside it, a longer one in a block of its own.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace msprobe::report {

class Cell {
public:
    Cell() = default;
    Cell(std::string_view text) { set_text(text); }  // NOLINT(google-explicit-constructor)
    Cell(const std::string& text) { set_text(text); }  // NOLINT(google-explicit-constructor)
    Cell(const char* text) { set_text(text); }  // NOLINT(google-explicit-constructor)
    Cell(double number) : kind_(Kind::Number) {
        std::memcpy(bytes_, &number, sizeof number);
    }  // NOLINT(google-explicit-constructor)
    static Cell boolean(bool b) {
        Cell c;
        c.kind_ = Kind::Bool;
        c.bytes_[0] = b ? 1 : 0;
        return c;
    }

    Cell(const Cell& other) { copy_from(other); }
    Cell(Cell&& other) noexcept { steal(other); }
    Cell& operator=(const Cell& other) {
        if (this != &other) {
            release();
            copy_from(other);
        }
        return *this;
    }
    Cell& operator=(Cell&& other) noexcept {
        if (this != &other) {
            release();
            steal(other);
        }
        return *this;
    }
    ~Cell() { release(); }

    bool is_empty() const { return kind_ == Kind::Empty; }
    bool is_text() const { return kind_ == Kind::ShortText || kind_ == Kind::LongText; }
    bool is_number() const { return kind_ == Kind::Number; }
    bool is_bool() const { return kind_ == Kind::Bool; }

    std::string_view text() const {
        if (kind_ == Kind::ShortText) return {bytes_, short_size_};
        return {long_data(), long_size()};
    }
    double number() const {
        double v;
        std::memcpy(&v, bytes_, sizeof v);
        return v;
    }
    bool boolean_value() const { return bytes_[0] != 0; }

    bool operator==(const Cell& other) const;

private:
    enum class Kind : std::uint8_t { Empty, Number, Bool, ShortText, LongText };
    static constexpr std::size_t kShortCapacity = 14;

    char* long_data() const {
        char* p;
        std::memcpy(&p, bytes_, sizeof p);
        return p;
    }
    std::uint32_t long_size() const {
        std::uint32_t n;
        std::memcpy(&n, bytes_ + sizeof(char*), sizeof n);
        return n;
    }
    void set_text(std::string_view text);
    void copy_from(const Cell& other);
    void steal(Cell& other) noexcept {
        std::memcpy(bytes_, other.bytes_, sizeof bytes_);
        kind_ = other.kind_;
        short_size_ = other.short_size_;
        other.kind_ = Kind::Empty;
    }
    void release() noexcept {
        if (kind_ == Kind::LongText) delete[] long_data();
        kind_ = Kind::Empty;
    }

    char bytes_[kShortCapacity] = {};
    Kind kind_ = Kind::Empty;
    std::uint8_t short_size_ = 0;
};

static_assert(sizeof(Cell) == 16);

}  // namespace msprobe::report
