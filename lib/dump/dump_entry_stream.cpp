#include "dump/dump_entry_stream.hpp"

#include <fmt/format.h>
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

#include <exception>
#include <optional>

#include "common/error.hpp"
#include "dump/fd_read_stream.hpp"
#include "dump/json_parse.hpp"
#include "dump/json_value_builder.hpp"

namespace msprobe::dump {

namespace {

constexpr unsigned kParseFlags = rapidjson::kParseNanAndInfFlag | rapidjson::kParseNumbersAsStringsFlag |
                                 rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

// Follows the nesting of the whole file; builds only the values of "data"'s
// members, with JsonValueBuilder, and skips everything else without building it.
class EntryStreamHandler {
public:
    EntryStreamHandler(DumpStreamSummary& summary, const DumpEntryHandler& on_entry)
        : summary_(summary), on_entry_(on_entry) {}

    const std::optional<JsonParseError>& refusal() const { return refusal_; }
    // The first exception the entry handler threw; no entry was handed on after it.
    const std::exception_ptr& entry_error() const { return entry_error_; }

    bool Null() { return scalar([](JsonValueBuilder& b) { return b.Null(); }, /*null=*/true); }
    bool Bool(bool v) { return scalar([v](JsonValueBuilder& b) { return b.Bool(v); }); }
    bool Int(int v) { return scalar([v](JsonValueBuilder& b) { return b.Int(v); }); }
    bool Uint(unsigned v) { return scalar([v](JsonValueBuilder& b) { return b.Uint(v); }); }
    bool Int64(std::int64_t v) { return scalar([v](JsonValueBuilder& b) { return b.Int64(v); }); }
    bool Uint64(std::uint64_t v) { return scalar([v](JsonValueBuilder& b) { return b.Uint64(v); }); }
    bool Double(double v) { return scalar([v](JsonValueBuilder& b) { return b.Double(v); }); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool copy) {
        return scalar([&](JsonValueBuilder& b) { return b.RawNumber(text, length, copy); });
    }
    bool String(const char* text, rapidjson::SizeType length, bool copy) {
        if (!building_ && depth_ == 1 && summary_.top_is_object) {
            summary_.top_strings[std::string(top_names_.back())] = std::string(text, length);
        }
        return scalar([&](JsonValueBuilder& b) { return b.String(text, length, copy); });
    }
    bool Key(const char* text, rapidjson::SizeType length, bool copy) {
        if (building_) return builder_.Key(text, length, copy);
        if (depth_ == 1 && summary_.top_is_object) {
            top_names_.emplace_back(text, length);
        } else if (in_data_ && depth_ == 2) {
            summary_.entry_names.emplace_back(text, length);
        }
        return true;
    }
    bool StartObject() {
        if (!building_) {
            note_top_value();
            if (depth_ == 0) summary_.top_is_object = true;
            if (at_data_value()) {
                summary_.data = DumpStreamSummary::Data::Object;
                in_data_ = true;
                return enter();
            }
            if (at_entry_value()) building_ = true;
        }
        return enter() && (!building_ || builder_.StartObject());
    }
    bool EndObject(rapidjson::SizeType members) {
        --depth_;
        if (building_) return builder_.EndObject(members) && finish_if_complete();
        if (in_data_ && depth_ == 1) {
            in_data_ = false;
            return names_unique(summary_.entry_names, "[\"data\"]");
        }
        if (depth_ == 0 && summary_.top_is_object) {
            return names_unique(top_names_, "");
        }
        return true;
    }
    bool StartArray() {
        if (!building_) {
            note_top_value();
            if (at_data_value()) summary_.data = DumpStreamSummary::Data::NotObject;
            if (at_entry_value()) building_ = true;
        }
        return enter() && (!building_ || builder_.StartArray());
    }
    bool EndArray(rapidjson::SizeType elements) {
        --depth_;
        if (building_) return builder_.EndArray(elements) && finish_if_complete();
        return true;
    }

private:
    bool at_data_value() const { return depth_ == 1 && summary_.top_is_object && top_names_.back() == "data"; }
    bool at_entry_value() const { return in_data_ && depth_ == 2; }

    // A top-level member's value begins (run_ut asks whether dump_data_dir is set).
    void note_top_value() {
        if (depth_ == 1 && summary_.top_is_object) summary_.top_non_null.insert(top_names_.back());
    }

    template <typename Forward>
    bool scalar(Forward forward, bool null = false) {
        if (!building_) {
            if (!null) note_top_value();
            else if (depth_ == 1 && summary_.top_is_object) summary_.top_null.insert(top_names_.back());
            if (at_data_value()) summary_.data = DumpStreamSummary::Data::NotObject;
            if (!at_entry_value()) return true;
            building_ = true;
        }
        return forward(builder_) && finish_if_complete();
    }

    bool enter() {
        if (++depth_ <= kMaxJsonDepth) return true;
        refusal_ = JsonParseError{JsonParseError::Kind::TooDeep, 0,
                                  fmt::format("nested deeper than {} levels", kMaxJsonDepth)};
        return false;
    }

    // Hands a finished entry on, unless an earlier one failed.
    bool finish_if_complete() {
        if (!builder_.complete()) return true;
        building_ = false;
        const auto& name = summary_.entry_names.back();
        if (const auto& twice = builder_.repeated_name()) {
            refusal_ = JsonParseError{JsonParseError::Kind::RepeatedKey, 0,
                                      repeated_key_reason(*twice, fmt::format("[\"data\"][\"{}\"]", name))};
            return false;
        }
        if (!entry_error_) {
            try {
                on_entry_(static_cast<std::uint32_t>(summary_.entry_names.size() - 1), name, builder_.value());
            } catch (...) {
                entry_error_ = std::current_exception();
            }
        }
        builder_.reset();
        return true;
    }

    template <typename Names>
    bool names_unique(const Names& names, std::string_view place) {
        std::vector<std::string_view> views(names.begin(), names.end());
        if (const auto twice = repeated_name(views, scratch_)) {
            refusal_ = JsonParseError{JsonParseError::Kind::RepeatedKey, 0, repeated_key_reason(*twice, place)};
            return false;
        }
        return true;
    }

    DumpStreamSummary& summary_;
    const DumpEntryHandler& on_entry_;
    JsonValueBuilder builder_;
    std::vector<std::string> top_names_;
    std::vector<std::string_view> scratch_;
    std::optional<JsonParseError> refusal_;
    std::exception_ptr entry_error_;
    unsigned depth_ = 0;  // containers open around the next event
    bool in_data_ = false;
    bool building_ = false;
};

}  // namespace

std::string DumpStreamSummary::top_string(std::string_view key) const {
    const auto it = top_strings.find(key);
    return it == top_strings.end() ? std::string() : it->second;
}

namespace {

void require_top_level(const DumpStreamSummary& summary, DumpTopLevel top_level, const std::string& path) {
    if (top_level == DumpTopLevel::Any) return;
    if (!summary.top_is_object) throw Error(path, "the top level is not a JSON object");
    if (top_level != DumpTopLevel::DumpLayout) return;
    if (summary.top_string("task").empty()) throw Error(path, "'task' is missing or empty");
    if (summary.data == DumpStreamSummary::Data::Missing) throw Error(path, "'data' is missing");
    if (summary.data == DumpStreamSummary::Data::NotObject) throw Error(path, "'data' is not a JSON object");
}

}  // namespace

DumpStreamSummary stream_dump_entries(const InputFile& file, DumpTopLevel top_level, const DumpEntryHandler& on_entry,
                                      std::size_t buffer_bytes) {
    DumpStreamSummary summary;
    FdReadStream stream(file, buffer_bytes);
    EntryStreamHandler handler(summary, on_entry);
    rapidjson::Reader reader;
    const rapidjson::ParseResult result = reader.Parse<kParseFlags>(stream, handler);
    if (const auto& refusal = handler.refusal()) {
        if (refusal->kind == JsonParseError::Kind::RepeatedKey) throw Error(file.path(), refusal->reason);
        throw Error(file.path(), fmt::format("malformed JSON at byte {}: {}", result.Offset(), refusal->reason));
    }
    if (result.IsError()) {
        throw Error(file.path(), fmt::format("malformed JSON at byte {}: {}", result.Offset(),
                                             rapidjson::GetParseError_En(result.Code())));
    }
    if (stream.file_offset() < file.size()) {  // a NUL byte, which RapidJSON takes for the end
        throw Error(file.path(), fmt::format("malformed JSON at byte {}: {}", stream.Tell(), kTextAfterRoot));
    }
    require_top_level(summary, top_level, file.path());
    if (handler.entry_error()) std::rethrow_exception(handler.entry_error());
    return summary;
}

}  // namespace msprobe::dump
