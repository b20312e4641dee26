#include "graph/item_fields.hpp"

#include <cstring>

#include "graph/item_text.hpp"

namespace msprobe::graph {

namespace {

enum Tag : char { kText = 0, kFloat = 1 };

void append_text(std::string& packed, std::string_view text) {
    std::size_t length = text.size();
    do {
        const auto low = static_cast<unsigned char>(length & 0x7F);
        length >>= 7;
        packed.push_back(static_cast<char>(length != 0 ? (low | 0x80) : low));
    } while (length != 0);
    packed.append(text);
}

}  // namespace

std::string FieldValue::rendered(bool round) const { return is_float ? float_text(number, round) : std::string(text); }

std::string_view ItemFields::next_text(std::size_t& at) const {
    std::size_t length = 0;
    for (unsigned shift = 0;; shift += 7) {
        const auto byte = static_cast<unsigned char>(packed_[at++]);
        length |= static_cast<std::size_t>(byte & 0x7F) << shift;
        if ((byte & 0x80) == 0) break;
    }
    const std::string_view text(packed_.data() + at, length);
    at += length;
    return text;
}

FieldValue ItemFields::next_value(std::size_t& at) const {
    FieldValue value;
    if (packed_[at++] == kFloat) {
        value.is_float = true;
        std::memcpy(&value.number, packed_.data() + at, sizeof value.number);
        at += sizeof value.number;
    } else {
        value.text = next_text(at);
    }
    return value;
}

void ItemFields::add(std::string_view key, std::string_view text) {
    append_text(packed_, key);
    packed_.push_back(kText);
    append_text(packed_, text);
}

void ItemFields::add_float(std::string_view key, double number) {
    append_text(packed_, key);
    packed_.push_back(kFloat);
    char bytes[sizeof number];
    std::memcpy(bytes, &number, sizeof number);
    packed_.append(bytes, sizeof bytes);
}

void ItemFields::add(std::string_view key, const FieldValue& value) {
    if (value.is_float) add_float(key, value.number);
    else add(key, value.text);
}

void ItemFields::set(std::string_view key, const FieldValue& value) {
    if (!find(key)) {
        add(key, value);
        return;
    }
    // Rare (a parallel merge's new statistics): the pairs are packed again.
    ItemFields rebuilt;
    for_each([&](std::string_view k, const FieldValue& v) { rebuilt.add(k, k == key ? value : v); });
    packed_ = std::move(rebuilt.packed_);
}

std::optional<FieldValue> ItemFields::find(std::string_view key) const {
    std::size_t at = 0;
    while (at < packed_.size()) {
        const std::string_view k = next_text(at);
        const FieldValue v = next_value(at);
        if (k == key) return v;
    }
    return std::nullopt;
}

}  // namespace msprobe::graph
