#pragma once
// The walk every streaming reader of a dump.json shares: it follows the
// nesting of the whole file, notes what the top level holds, checks names
// ("data"'s keys and the top level's are each unique) and depth, and hands
// the value of each member of "data" to a consumer event by event. The
// consumer decides what to make of an entry (a whole JSON value, or only the
// statistics of its tensors) and reports a name its entry holds twice.
//
// A Consumer has RapidJSON's handler events for the entry's value, and:
//   void begin(std::uint32_t index, std::string_view name, bool hand_on)
//       an entry's value starts; hand_on is false once an earlier entry failed
//       (the rest of the file is only checked); may throw when hand_on
//   bool complete() const               the entry's value has ended
//   const std::optional<std::string>& repeated_name() const
//   void hand_on(std::uint32_t index, std::string_view name)   may throw
//   void reset()                        ready for the next entry
#include <fmt/format.h>
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>
#include <rapidjson/stream.h>

#include <algorithm>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/consumed_buffer.hpp"
#include "common/error.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/fd_read_stream.hpp"
#include "dump/json_parse.hpp"

namespace msprobe::dump {

inline constexpr unsigned kDumpStreamParseFlags =
    rapidjson::kParseNanAndInfFlag | rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag |
    rapidjson::kParseValidateEncodingFlag;
// A whole file is parsed in place and recursively (faster): the walker refuses nesting deeper than kMaxJsonDepth,
// which bounds the recursion.
inline constexpr unsigned kDumpInPlaceParseFlags = rapidjson::kParseNanAndInfFlag |
                                                   rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseInsituFlag |
                                                   rapidjson::kParseValidateEncodingFlag;

template <typename Consumer>
class EntryStreamWalker {
public:
    // The names of "data" are copied into the summary as they come: the text before an entry that ended is
    // given back as the walk goes on.
    EntryStreamWalker(DumpStreamSummary& summary, Consumer& consumer) : summary_(summary), consumer_(consumer) {}

    // Called after each entry is handed on (and dropped).
    void after_each_entry(std::function<void()> done) { after_entry_ = std::move(done); }

    const std::optional<JsonParseError>& refusal() const { return refusal_; }
    // The first exception the consumer threw; no entry was handed on after it.
    const std::exception_ptr& entry_error() const { return entry_error_; }

    bool Null() {
        return scalar([](Consumer& c) { return c.Null(); }, /*null=*/true);
    }
    bool Bool(bool v) {
        return scalar([v](Consumer& c) { return c.Bool(v); });
    }
    bool Int(int v) {
        return scalar([v](Consumer& c) { return c.Int(v); });
    }
    bool Uint(unsigned v) {
        return scalar([v](Consumer& c) { return c.Uint(v); });
    }
    bool Int64(std::int64_t v) {
        return scalar([v](Consumer& c) { return c.Int64(v); });
    }
    bool Uint64(std::uint64_t v) {
        return scalar([v](Consumer& c) { return c.Uint64(v); });
    }
    bool Double(double v) {
        return scalar([v](Consumer& c) { return c.Double(v); });
    }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool copy) {
        return scalar([&](Consumer& c) { return c.RawNumber(text, length, copy); });
    }
    bool String(const char* text, rapidjson::SizeType length, bool copy) {
        if (!in_entry_ && depth_ == 1 && summary_.top_is_object) {
            summary_.top_strings[std::string(top_names_.back())] = std::string(text, length);
        }
        return scalar([&](Consumer& c) { return c.String(text, length, copy); });
    }
    bool Key(const char* text, rapidjson::SizeType length, bool copy) {
        if (in_entry_) return consumer_.Key(text, length, copy);
        if (depth_ == 1 && summary_.top_is_object) {
            top_names_.emplace_back(text, length);
        } else if (in_data_ && depth_ == 2) {
            summary_.entry_names.add(std::string_view(text, length));
        }
        return true;
    }
    bool StartObject() {
        if (!in_entry_) {
            note_top_value();
            if (depth_ == 0) summary_.top_is_object = true;
            if (at_data_value()) {
                summary_.data = DumpStreamSummary::Data::Object;
                in_data_ = true;
                return enter();
            }
            if (at_entry_value()) begin_entry();
        }
        return enter() && (!in_entry_ || consumer_.StartObject());
    }
    bool EndObject(rapidjson::SizeType members) {
        --depth_;
        if (in_entry_) return consumer_.EndObject(members) && finish_if_complete();
        if (in_data_ && depth_ == 1) {
            in_data_ = false;
            return names_unique(repeated_name(summary_.entry_names, scratch_), "[\"data\"]");
        }
        if (depth_ == 0 && summary_.top_is_object) {
            const std::vector<std::string_view> views(top_names_.begin(), top_names_.end());
            return names_unique(repeated_name(views, scratch_), "");
        }
        return true;
    }
    bool StartArray() {
        if (!in_entry_) {
            note_top_value();
            if (at_data_value()) summary_.data = DumpStreamSummary::Data::NotObject;
            if (at_entry_value()) begin_entry();
        }
        return enter() && (!in_entry_ || consumer_.StartArray());
    }
    bool EndArray(rapidjson::SizeType elements) {
        --depth_;
        if (in_entry_) return consumer_.EndArray(elements) && finish_if_complete();
        return true;
    }

private:
    // The name of the entry being read.
    std::string_view current_name() const { return summary_.entry_names.name(summary_.entry_names.size() - 1); }
    std::uint32_t current_index() const { return static_cast<std::uint32_t>(summary_.entry_names.size() - 1); }

    bool at_data_value() const { return depth_ == 1 && summary_.top_is_object && top_names_.back() == "data"; }
    bool at_entry_value() const { return in_data_ && depth_ == 2; }

    // A top-level member's value begins (run_ut asks whether dump_data_dir is set).
    void note_top_value() {
        if (depth_ == 1 && summary_.top_is_object) summary_.top_non_null.insert(top_names_.back());
    }

    void begin_entry() {
        in_entry_ = true;
        const std::uint32_t index = current_index();
        const std::string_view name = current_name();
        if (!entry_error_) {
            try {
                consumer_.begin(index, name, true);
                return;
            } catch (...) {
                entry_error_ = std::current_exception();
            }
        }
        consumer_.begin(index, name, false);
    }

    template <typename Forward>
    bool scalar(Forward forward, bool null = false) {
        if (!in_entry_) {
            if (!null)
                note_top_value();
            else if (depth_ == 1 && summary_.top_is_object)
                summary_.top_null.insert(top_names_.back());
            if (at_data_value()) summary_.data = DumpStreamSummary::Data::NotObject;
            if (!at_entry_value()) return true;
            begin_entry();
        }
        return forward(consumer_) && finish_if_complete();
    }

    bool enter() {
        if (++depth_ <= kMaxJsonDepth) return true;
        refusal_ = JsonParseError{JsonParseError::Kind::TooDeep, 0,
                                  fmt::format("nested deeper than {} levels", kMaxJsonDepth)};
        return false;
    }

    // Hands a finished entry on, unless an earlier one failed.
    bool finish_if_complete() {
        if (!consumer_.complete()) return true;
        in_entry_ = false;
        const std::string_view name = current_name();
        if (const auto& twice = consumer_.repeated_name()) {
            refusal_ = JsonParseError{JsonParseError::Kind::RepeatedKey, 0,
                                      repeated_key_reason(*twice, fmt::format("[\"data\"][\"{}\"]", name))};
            return false;
        }
        if (!entry_error_) {
            try {
                consumer_.hand_on(current_index(), name);
            } catch (...) {
                entry_error_ = std::current_exception();
            }
        }
        consumer_.reset();
        if (after_entry_) after_entry_();
        return true;
    }

    bool names_unique(std::optional<std::string_view> twice, std::string_view place) {
        if (twice) {
            refusal_ = JsonParseError{JsonParseError::Kind::RepeatedKey, 0, repeated_key_reason(*twice, place)};
            return false;
        }
        return true;
    }

    DumpStreamSummary& summary_;
    Consumer& consumer_;
    std::vector<std::string> top_names_;
    std::vector<std::string_view> scratch_;
    std::optional<JsonParseError> refusal_;
    std::exception_ptr entry_error_;
    std::function<void()> after_entry_;
    unsigned depth_ = 0;  // containers open around the next event
    bool in_data_ = false;
    bool in_entry_ = false;
};

// Whether no byte of `text` has its high bit set (a loop the compiler turns into wide compares).
inline bool is_ascii(std::string_view text) {
    unsigned char any = 0;
    for (const char c : text) any |= static_cast<unsigned char>(c);
    return any < 0x80;
}

// What the top level of the file must be, checked once the whole file is read.
void require_dump_top_level(const DumpStreamSummary& summary, DumpTopLevel top_level, const std::string& path);

// Streams `file` through a walker over `consumer`: the file's own faults first (malformed, too deep, ambiguous),
// then its top level against `top_level`, then the first exception the consumer threw.
template <typename Consumer>
DumpStreamSummary walk_dump_entries(const InputFile& file, DumpTopLevel top_level, Consumer& consumer,
                                    DumpStreamReading reading) {
    DumpStreamSummary summary;
    const bool whole = file.size() <= reading.whole_file_bytes;
    EntryStreamWalker<Consumer> walker(summary, consumer);
    std::int64_t mib_shown = 0;  // on reading.progress
    const auto show_parsed = [&](std::size_t bytes) {
        const auto mib = static_cast<std::int64_t>(bytes >> 20);
        if (reading.progress == nullptr || mib <= mib_shown) return;
        reading.progress->advance(mib - mib_shown);
        mib_shown = mib;
    };
    rapidjson::Reader reader;
    rapidjson::ParseResult result;
    std::size_t parsed = 0;  // bytes the parser took (after a BOM)
    std::size_t length = 0;  // bytes there are (after a BOM)
    if (whole) {
        // The whole file, parsed in place; the text of entries handed on is given back as the parse goes on.
        ConsumedBuffer text(file, kJsonTextPadding);
        const std::size_t size = text.size();
        const std::size_t bom = std::string_view(text.data(), std::min<std::size_t>(size, 3)) == "\xEF\xBB\xBF" ? 3 : 0;
        rapidjson::InsituStringStream stream(text.data() + bom);
        walker.after_each_entry([&] {
            text.release_before(bom + stream.Tell());
            show_parsed(bom + stream.Tell());
        });
        // Text that is all ASCII is valid UTF-8: RapidJSON's byte-by-byte check is then spared.
        if (is_ascii(std::string_view(text.data() + bom, size - bom))) {
            result = reader.Parse<kDumpInPlaceParseFlags & ~rapidjson::kParseValidateEncodingFlag>(stream, walker);
        } else {
            result = reader.Parse<kDumpInPlaceParseFlags>(stream, walker);
        }
        // The recursive parser has taken the bracket when the walker refuses to go deeper; the offset is the
        // bracket's, as the iterative parser (and JsonFile) report it.
        if (walker.refusal() && walker.refusal()->kind == JsonParseError::Kind::TooDeep) {
            result.Set(result.Code(), result.Offset() - 1);
        }
        parsed = stream.Tell();
        length = size - bom;
    } else {
        FdReadStream stream(file, reading.buffer_bytes);
        walker.after_each_entry([&] { show_parsed(stream.Tell()); });
        result = reader.Parse<kDumpStreamParseFlags>(stream, walker);
        parsed = stream.Tell();
        length = parsed + static_cast<std::size_t>(file.size() - stream.file_offset());
    }
    if (const auto& refusal = walker.refusal()) {
        if (refusal->kind == JsonParseError::Kind::RepeatedKey) throw Error(file.path(), refusal->reason);
        throw Error(file.path(), fmt::format("malformed JSON at byte {}: {}", result.Offset(), refusal->reason));
    }
    if (result.IsError()) {
        throw Error(file.path(), fmt::format("malformed JSON at byte {}: {}", result.Offset(),
                                             rapidjson::GetParseError_En(result.Code())));
    }
    if (parsed < length) {  // a NUL byte, which RapidJSON takes for the end
        throw Error(file.path(), fmt::format("malformed JSON at byte {}: {}", parsed, kTextAfterRoot));
    }
    require_dump_top_level(summary, top_level, file.path());
    if (walker.entry_error()) std::rethrow_exception(walker.entry_error());
    if (reading.progress != nullptr && dump_mib(file.size()) > mib_shown) {
        reading.progress->advance(dump_mib(file.size()) - mib_shown);
    }
    return summary;
}

}  // namespace msprobe::dump
