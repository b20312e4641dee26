#include "report/cell.hpp"

#include <limits>
#include <stdexcept>

namespace msprobe::report {

void Cell::set_text(std::string_view text) {
    if (text.size() <= kShortCapacity) {
        kind_ = Kind::ShortText;
        short_size_ = static_cast<std::uint8_t>(text.size());
        if (!text.empty()) std::memcpy(bytes_, text.data(), text.size());
        return;
    }
    if (text.size() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("cell text over 4 GiB");
    char* block = new char[text.size()];
    std::memcpy(block, text.data(), text.size());
    const auto size = static_cast<std::uint32_t>(text.size());
    std::memcpy(bytes_, &block, sizeof block);
    std::memcpy(bytes_ + sizeof block, &size, sizeof size);
    kind_ = Kind::LongText;
}

void Cell::copy_from(const Cell& other) {
    if (other.kind_ == Kind::LongText) {
        set_text(other.text());
        return;
    }
    std::memcpy(bytes_, other.bytes_, sizeof bytes_);
    kind_ = other.kind_;
    short_size_ = other.short_size_;
}

bool Cell::operator==(const Cell& other) const {
    if (is_text() || other.is_text()) return is_text() && other.is_text() && text() == other.text();
    if (kind_ != other.kind_) return false;
    switch (kind_) {
        case Kind::Number: return number() == other.number();
        case Kind::Bool: return boolean_value() == other.boolean_value();
        default: return true;
    }
}

}  // namespace msprobe::report
