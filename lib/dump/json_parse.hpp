#pragma once
// The JSON dialect msprobe writes (Python's json module: NaN / Infinity
// tokens, exact doubles, member order kept), parsed with RapidJSON without
// recursion and with two refusals that keep an untrusted file harmless and
// unambiguous: nesting beyond kMaxJsonDepth, and a name given twice in an
// object of the first three levels.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "common/name_table.hpp"

namespace msprobe::dump {

// msprobe writes values a few levels deep (a tensor in a list in a tuple in a
// dict stays below 10) and its own comparator gives up at 400 levels
// on deeper values. 1000 is far above any real dump and keeps every
// recursive walk of the DOM afterwards (flatten, python_str, copies) within a
// few hundred KiB of stack.
inline constexpr unsigned kMaxJsonDepth = 1000;

struct JsonParseError {
    enum class Kind { Malformed, TooDeep, RepeatedKey };
    Kind kind;
    std::size_t offset;  // bytes from the start of the text
    std::string reason;  // "Missing a comma or ']' after an array element.", "nested deeper than 1000 levels", ...
};

enum class Utf8Check { Validate, Skip };

// RapidJSON's UTF-8 check takes a multi-byte sequence's trailing bytes
// without looking at them, so a text that ends inside one would be read past
// its terminating NUL, and its SIMD whitespace skip reads the aligned 16 bytes
// that hold the NUL: every text parsed in place is followed by this many NUL
// bytes (its terminator included).
inline constexpr std::size_t kJsonTextPadding = 16;

// Parses `text` (`length` bytes, followed by kJsonTextPadding NUL bytes) in place into `document` as JsonFile does
// (msprobe's dialect, no recursion, at most kMaxJsonDepth levels, no name
// twice in an object of the first three levels); strings of the document
// point into `text`. Returns the first error, if any; a NUL byte after the
// document is one (RapidJSON would take it for the end of the text).
std::optional<JsonParseError> parse_json_in_place(rapidjson::Document& document, char* text, std::size_t length,
                                                  Utf8Check check);

// What follows a document's root in its text, when anything does.
inline constexpr const char* kTextAfterRoot = "The document root must not be followed by other values.";

// Why a text is refused for a name given twice in one object; `place` is the
// object's path (["data"]["Torch.add.0.forward"]), empty for the top level.
std::string repeated_key_reason(std::string_view name, std::string_view place);

// The name `names` holds twice, if any: the first such pair in order for an
// object of up to 16 names, the smallest such name for a larger one.
// `scratch` is working space, reused between calls.
std::optional<std::string_view> repeated_name(const std::vector<std::string_view>& names,
                                              std::vector<std::string_view>& scratch);
// The same of names kept in a table (a dump's entries).
std::optional<std::string_view> repeated_name(const NameTable& names, std::vector<std::string_view>& scratch);

}  // namespace msprobe::dump
