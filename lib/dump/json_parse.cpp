#include "dump/json_parse.hpp"

#include <fmt/format.h>
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <array>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "dump/json_number.hpp"

namespace msprobe::dump {

namespace {

// msprobe's dialect (NaN and Infinity tokens), parsed in place and without
// recursion; numbers come as their text and are converted by parse_json_number.
constexpr unsigned kParseFlags = rapidjson::kParseNanAndInfFlag | rapidjson::kParseNumbersAsStringsFlag |
                                 rapidjson::kParseIterativeFlag | rapidjson::kParseInsituFlag;

// Python's json keeps the last of two equal names where RapidJSON's lookup
// finds the first, so such a file means different things to msprobe and to
// us. The names that carry meaning sit in the first three levels (dump.json:
// "data", the API names under it, and each API's "input_args", "output", ...).
constexpr unsigned kNamedLevels = 3;

// Forwards RapidJSON's SAX events to the document being built, and stops the
// parse when arrays and objects nest deeper than kMaxJsonDepth or an object
// of the first kNamedLevels levels repeats a name. Checking while parsing
// sees each name while it is still in cache.
class Guard {
public:
    explicit Guard(rapidjson::Document& document) : document_(document) { object_chain_[0] = true; }

    const std::optional<JsonParseError>& refusal() const { return refusal_; }

    bool Null() { return document_.Null(); }
    bool Bool(bool b) { return document_.Bool(b); }
    bool Int(int i) { return document_.Int(i); }
    bool Uint(unsigned i) { return document_.Uint(i); }
    bool Int64(std::int64_t i) { return document_.Int64(i); }
    bool Uint64(std::uint64_t i) { return document_.Uint64(i); }
    bool Double(double d) { return document_.Double(d); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool /*copy*/) {
        return std::visit(
            [this](auto value) {
                using T = decltype(value);
                if constexpr (std::is_same_v<T, int>) return document_.Int(value);
                else if constexpr (std::is_same_v<T, unsigned>) return document_.Uint(value);
                else if constexpr (std::is_same_v<T, std::int64_t>) return document_.Int64(value);
                else if constexpr (std::is_same_v<T, std::uint64_t>) return document_.Uint64(value);
                else return document_.Double(value);
            },
            parse_json_number(std::string_view(text, length)));
    }
    bool String(const char* text, rapidjson::SizeType length, bool copy) {
        return document_.String(text, length, copy);
    }
    bool Key(const char* text, rapidjson::SizeType length, bool copy) {
        if (named()) names_[depth_ - 1].emplace_back(text, length);  // in-situ: the text stays where it is
        return document_.Key(text, length, copy);
    }
    bool StartObject() {
        if (!enter()) return false;
        if (depth_ <= kNamedLevels) {
            object_chain_[depth_] = object_chain_[depth_ - 1];
            names_[depth_ - 1].clear();
        }
        return document_.StartObject();
    }
    bool EndObject(rapidjson::SizeType members) {
        if (named()) {
            if (const auto twice = repeated_name(names_[depth_ - 1], scratch_)) return refuse_repeated(*twice);
        }
        --depth_;
        return document_.EndObject(members);
    }
    bool StartArray() {
        if (!enter()) return false;
        if (depth_ <= kNamedLevels) object_chain_[depth_] = false;
        return document_.StartArray();
    }
    bool EndArray(rapidjson::SizeType elements) {
        --depth_;
        return document_.EndArray(elements);
    }

private:
    // An object whose ancestors are all objects, within the first kNamedLevels levels.
    bool named() const { return depth_ >= 1 && depth_ <= kNamedLevels && object_chain_[depth_]; }

    bool enter() {
        if (++depth_ <= kMaxJsonDepth) return true;
        refusal_ = JsonParseError{JsonParseError::Kind::TooDeep, 0,
                                  fmt::format("nested deeper than {} levels", kMaxJsonDepth)};
        return false;
    }

    bool refuse_repeated(std::string_view name) {
        std::string place;
        for (unsigned level = 1; level < depth_; ++level) place += fmt::format("[\"{}\"]", names_[level - 1].back());
        refusal_ = JsonParseError{JsonParseError::Kind::RepeatedKey, 0, repeated_key_reason(name, place)};
        return false;
    }

    rapidjson::Document& document_;
    unsigned depth_ = 0;
    std::array<bool, kNamedLevels + 1> object_chain_{};  // [d]: the containers of levels 1..d are all objects
    std::array<std::vector<std::string_view>, kNamedLevels> names_;
    std::vector<std::string_view> scratch_;
    std::optional<JsonParseError> refusal_;
};

template <unsigned kFlags>
std::optional<JsonParseError> parse_with_flags(rapidjson::Document& document, char* text, std::size_t length) {
    rapidjson::ParseResult result;
    std::optional<JsonParseError> refusal;
    auto parse = [&](rapidjson::Document& target) {
        Guard guard(target);
        rapidjson::InsituStringStream stream(text);
        rapidjson::Reader reader;
        result = reader.Parse<kFlags>(stream, guard);
        refusal = guard.refusal();
        if (!result.IsError() && !refusal && stream.Tell() < length) {
            result.Set(rapidjson::kParseErrorDocumentRootNotSingular, stream.Tell());
        }
        return !result.IsError();
    };
    document.Populate(parse);
    if (refusal) {
        refusal->offset = result.Offset();
        return refusal;
    }
    if (result.IsError()) {
        return JsonParseError{JsonParseError::Kind::Malformed, result.Offset(),
                              rapidjson::GetParseError_En(result.Code())};
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string_view> repeated_name(const std::vector<std::string_view>& names,
                                              std::vector<std::string_view>& scratch) {
    if (names.size() <= 16) {  // an API's members: no allocation, no sort
        for (std::size_t i = 0; i < names.size(); ++i) {
            for (std::size_t j = i + 1; j < names.size(); ++j) {
                if (names[i] == names[j]) return names[i];
            }
        }
        return std::nullopt;
    }
    scratch.assign(names.begin(), names.end());
    std::sort(scratch.begin(), scratch.end());
    const auto twice = std::adjacent_find(scratch.begin(), scratch.end());
    if (twice == scratch.end()) return std::nullopt;
    return *twice;
}

std::optional<std::string_view> repeated_name(const NameTable& names, std::vector<std::string_view>& scratch) {
    if (names.size() <= 16) {
        std::vector<std::string_view> views;
        for (std::size_t i = 0; i < names.size(); ++i) views.push_back(names.name(i));
        return repeated_name(views, scratch);
    }
    // A name held twice is found at its last place, not at its first: the smallest such name, as the sort finds.
    std::optional<std::string_view> smallest;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string_view name = names.name(i);
        if (names.find(name) != i && (!smallest || name < *smallest)) smallest = name;
    }
    return smallest;
}

std::string repeated_key_reason(std::string_view name, std::string_view place) {
    return fmt::format("the key \"{}\" appears twice{}; Python's json would keep the last, so the file is ambiguous",
                       name, place.empty() ? std::string() : fmt::format(" in {}", place));
}

std::optional<JsonParseError> parse_json_in_place(rapidjson::Document& document, char* text, std::size_t length,
                                                  Utf8Check check) {
    if (check == Utf8Check::Validate) {
        return parse_with_flags<kParseFlags | rapidjson::kParseValidateEncodingFlag>(document, text, length);
    }
    return parse_with_flags<kParseFlags>(document, text, length);
}

}  // namespace msprobe::dump
