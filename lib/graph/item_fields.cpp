#include "graph/item_fields.hpp"

namespace msprobe::graph {

namespace {

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

std::string_view ItemFields::next(std::size_t& at) const {
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

void ItemFields::add(std::string_view key, std::string_view text) {
    append_text(packed_, key);
    append_text(packed_, text);
}

void ItemFields::set(std::string_view key, std::string_view text) {
    if (!find(key)) {
        add(key, text);
        return;
    }
    // Rare (a parallel merge's new statistics): the pairs are packed again.
    ItemFields rebuilt;
    for_each([&](std::string_view k, std::string_view t) { rebuilt.add(k, k == key ? text : t); });
    packed_ = std::move(rebuilt.packed_);
}

std::optional<std::string_view> ItemFields::find(std::string_view key) const {
    std::size_t at = 0;
    while (at < packed_.size()) {
        const std::string_view k = next(at);
        const std::string_view t = next(at);
        if (k == key) return t;
    }
    return std::nullopt;
}

}  // namespace msprobe::graph
