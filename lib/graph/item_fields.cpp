#include "graph/item_fields.hpp"

#include <array>

#include "common/packed_number.hpp"
#include "common/sized_text.hpp"
#include "graph/item_text.hpp"

namespace msprobe::graph {

namespace {

// The keys and texts nearly every item repeats, each packed as one byte. Changing a list changes
// only the packing of a run's own memory, never what is written.
constexpr std::array<std::string_view, 36> kCommonKeys = {"type",
                                                          "dtype",
                                                          "shape",
                                                          "Max",
                                                          "Min",
                                                          "Mean",
                                                          "Norm",
                                                          "requires_grad",
                                                          "data_name",
                                                          "md5",
                                                          "value",
                                                          "full_op_name",
                                                          "state",
                                                          "Max diff",
                                                          "Min diff",
                                                          "Mean diff",
                                                          "L2norm diff",
                                                          "MaxRelativeErr",
                                                          "MinRelativeErr",
                                                          "MeanRelativeErr",
                                                          "NormRelativeErr",
                                                          "Requires_grad Consistent",
                                                          "Result",
                                                          "Err_message",
                                                          "Cosine",
                                                          "EucDist",
                                                          "MaxAbsErr",
                                                          "One Thousandth Err Ratio",
                                                          "Five Thousandths Err Ratio",
                                                          "op",
                                                          "peer",
                                                          "group_id",
                                                          "group_ranks",
                                                          "tag",
                                                          "src",
                                                          "dst"};
constexpr std::array<std::string_view, 33> kCommonTexts = {"torch.Tensor",
                                                           "torch.float32",
                                                           "torch.float16",
                                                           "torch.bfloat16",
                                                           "torch.int64",
                                                           "torch.int32",
                                                           "torch.bool",
                                                           "True",
                                                           "False",
                                                           "null",
                                                           "-1",
                                                           "0.0%",
                                                           "0.0",
                                                           "0",
                                                           "N/A",
                                                           "int",
                                                           "float",
                                                           "bool",
                                                           "<class int>",
                                                           "<class float>",
                                                           "<class bool>",
                                                           "[]",
                                                           "pass",
                                                           "Warning",
                                                           "Error",
                                                           "",
                                                           "None",
                                                           "1",
                                                           "1.0",
                                                           "mindspore.Tensor",
                                                           "Float32",
                                                           "Float16",
                                                           "BFloat16"};

// A text's byte in a list (1-based; 0 when absent), found through a 256-slot table of a cheap hash.
class CommonTexts {
public:
    template <std::size_t N>
    explicit constexpr CommonTexts(const std::array<std::string_view, N>& texts) : texts_(texts.data()) {
        static_assert(N < 200);
        for (std::size_t i = 0; i < N; ++i) {
            std::uint8_t& slot = slots_[hash(texts[i])];
            if (slot == 0) slot = static_cast<std::uint8_t>(i + 1);  // a colliding later text is packed whole
        }
    }

    std::uint8_t find(std::string_view text) const {
        const std::uint8_t slot = slots_[hash(text)];
        return slot != 0 && texts_[slot - 1] == text ? slot : 0;
    }
    std::string_view at(std::uint8_t code) const { return texts_[code - 1]; }

private:
    static constexpr std::uint8_t hash(std::string_view text) {
        if (text.empty()) return 0;
        const auto first = static_cast<unsigned char>(text.front());
        const auto last = static_cast<unsigned char>(text.back());
        const auto middle = static_cast<unsigned char>(text[text.size() / 2]);
        return static_cast<std::uint8_t>(text.size() * 37 + first * 5 + last * 11 + middle * 3);
    }

    const std::string_view* texts_;
    std::array<std::uint8_t, 256> slots_{};
};

constexpr CommonTexts kKeys(kCommonKeys);
constexpr CommonTexts kTexts(kCommonTexts);

// A value's first byte: a text, a float in 8 bytes or (packed_number) in 4, or (from kFirstCommon on) a
// common text.
enum Tag : std::uint8_t { kText = 0, kFloat = 1, kFloatIn4 = 2, kFirstCommon = 3 };

void append_key(ByteBuffer& packed, std::string_view key) {
    const std::uint8_t code = kKeys.find(key);
    packed.push_back(static_cast<char>(code));
    if (code == 0) append_sized_text(packed, key);
}

}  // namespace

std::string FieldValue::rendered(bool round) const { return is_float ? float_text(number, round) : std::string(text); }

std::string_view ItemFieldsView::next_key(std::size_t& at) const {
    const auto code = static_cast<std::uint8_t>(packed_[at++]);
    return code != 0 ? kKeys.at(code) : read_sized_text(packed_, at);
}

FieldValue ItemFieldsView::next_value(std::size_t& at) const {
    FieldValue value;
    const auto tag = static_cast<std::uint8_t>(packed_[at++]);
    if (tag == kFloat || tag == kFloatIn4) {
        value.is_float = true;
        value.number = read_number(packed_, at, tag == kFloatIn4);
    } else if (tag == kText) {
        value.text = read_sized_text(packed_, at);
    } else {
        value.text = kTexts.at(static_cast<std::uint8_t>(tag - kFirstCommon + 1));
    }
    return value;
}

void ItemFields::add(std::string_view key, std::string_view text) {
    append_key(packed_, key);
    const std::uint8_t code = kTexts.find(text);
    if (code != 0) {
        packed_.push_back(static_cast<char>(code - 1 + kFirstCommon));
        return;
    }
    packed_.push_back(static_cast<char>(kText));
    append_sized_text(packed_, text);
}

void ItemFields::add_float(std::string_view key, double number) {
    append_key(packed_, key);
    const bool as_float = holds_as_float(number);
    packed_.push_back(static_cast<char>(as_float ? kFloatIn4 : kFloat));
    append_number(packed_, number, as_float);
}

void ItemFields::add(std::string_view key, const FieldValue& value) {
    if (value.is_float)
        add_float(key, value.number);
    else
        add(key, value.text);
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

std::optional<FieldValue> ItemFieldsView::find(std::string_view key) const {
    std::size_t at = 0;
    while (at < packed_.size()) {
        const std::string_view k = next_key(at);
        const FieldValue v = next_value(at);
        if (k == key) return v;
    }
    return std::nullopt;
}

}  // namespace msprobe::graph
