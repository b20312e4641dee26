#pragma once
// Builds one JSON value from RapidJSON's SAX events, as a Document would, but
// as a handler that can be fed part of a larger stream: a dump.json is read
// entry by entry, each entry built, used and dropped. Numbers arrive as text
// (kParseNumbersAsStringsFlag) and are converted as JsonFile converts them.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>

namespace msprobe::dump {

class JsonValueBuilder {
public:
    using Allocator = rapidjson::MemoryPoolAllocator<>;

    // True once a whole value has been built; take it with value().
    bool complete() const { return complete_; }
    const rapidjson::Value& value() const { return stack_.front(); }
    // Drops the value and the memory of its strings, ready for the next one.
    void reset();

    // The first name the value's top-level object holds twice, if any (Python's
    // json would keep the last, so the value would be ambiguous).
    const std::optional<std::string>& repeated_name() const { return repeated_name_; }

    bool Null() { return push(rapidjson::Value()); }
    bool Bool(bool b) { return push(rapidjson::Value(b)); }
    bool Int(int i) { return push(rapidjson::Value(i)); }
    bool Uint(unsigned i) { return push(rapidjson::Value(i)); }
    bool Int64(std::int64_t i) { return push(rapidjson::Value(i)); }
    bool Uint64(std::uint64_t i) { return push(rapidjson::Value(i)); }
    bool Double(double d) { return push(rapidjson::Value(d)); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool copy);
    bool String(const char* text, rapidjson::SizeType length, bool /*copy*/) {
        return push(rapidjson::Value(text, length, allocator_));
    }
    bool Key(const char* text, rapidjson::SizeType length, bool copy) { return String(text, length, copy); }
    bool StartObject() { return open(); }
    bool EndObject(rapidjson::SizeType members);
    bool StartArray() { return open(); }
    bool EndArray(rapidjson::SizeType elements);

private:
    bool push(rapidjson::Value&& value);
    bool open() {
        starts_.push_back(stack_.size());
        return true;
    }

    // The allocator's first chunk is the builder's own, so reset() keeps it: a
    // value that fits costs no malloc and no free. (Freeing 64 KiB or more makes
    // glibc consolidate its free lists, a cost paid on every entry of a stream.)
    static constexpr std::size_t kFirstChunkBytes = std::size_t{64} << 10;  // RapidJSON's own chunk size
    std::unique_ptr<char[]> first_chunk_ = std::make_unique_for_overwrite<char[]>(kFirstChunkBytes);
    Allocator allocator_{first_chunk_.get(), kFirstChunkBytes};
    std::vector<rapidjson::Value> stack_;   // values (and object keys) not yet placed in their parent
    std::vector<std::size_t> starts_;       // stack_ size when each open container started
    std::optional<std::string> repeated_name_;
    bool complete_ = false;
};

}  // namespace msprobe::dump
