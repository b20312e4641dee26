#pragma once
// Loads a JSON file written by msprobe (Python's json module): accepts the
// NaN / Infinity / -Infinity tokens, keeps object member order, keeps ints and
// floats apart, and parses doubles exactly. Errors name the file and offset.
//
// The file is untrusted: it is opened through msprobe::InputFile (regular
// file, no link, size cap), refused when its parse would not fit in memory,
// parsed without recursion and with a nesting limit, and refused when a key
// appears twice where Python's json would silently keep the last one.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include <rapidjson/fwd.h>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// Peak bytes of memory per byte of a dump.json being read: the text kept for
// in-situ parsing, RapidJSON's DOM and the rows built from it (measured, see
// docs/input_files.md). A file whose estimate exceeds the memory available is refused.
inline constexpr std::uintmax_t kJsonFootprintPerByte = 6;

class JsonFile {
public:
    // Throws msprobe::Error (exit 2) naming the file when it is missing,
    // unreadable, too big, too deep, ambiguous or malformed.
    static JsonFile load(const std::filesystem::path& path);
    // A document made in memory (e.g. entries converted from an older format);
    // `origin` names it in errors. Its text is trusted to be well formed.
    static JsonFile from_text(std::string text, std::string origin);

    JsonFile(JsonFile&&) noexcept;
    JsonFile& operator=(JsonFile&&) noexcept;
    ~JsonFile();

    JsonView root() const;
    // The parser's tree, for readers that walk or copy it whole.
    const rapidjson::Value& document() const;
    const std::string& path() const { return path_; }

private:
    JsonFile();
    // Parses text_ (size bytes, NUL-padded) into document_.
    void parse(std::size_t size);

    std::string path_;
    std::unique_ptr<char[]> text_;  // parsed in place: strings point into it
    std::unique_ptr<rapidjson::Document> document_;
};

}  // namespace msprobe::dump
