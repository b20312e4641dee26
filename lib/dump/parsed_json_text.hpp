#pragma once
// A short JSON text this program wrote (compact_json of a value it kept),
// parsed back and held: its values are read through views as long as this
// object lives. Most such texts are a few hundred bytes, and their values fit
// in the first block the object allocates, so reading one back costs two
// allocations, the text's and that block.
#include <memory>
#include <string>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

class ParsedJsonText {
public:
    // An empty text holds no value. Throws std::logic_error when `text` does not parse: it was written here.
    explicit ParsedJsonText(std::string_view text);
    ParsedJsonText(const ParsedJsonText&) = delete;
    ParsedJsonText& operator=(const ParsedJsonText&) = delete;
    ~ParsedJsonText();

    // The value; empty for an empty text.
    JsonView root() const { return root_; }

private:
    struct Parsed;
    std::string text_;  // parsed in place: strings point into it
    std::unique_ptr<Parsed> parsed_;
    JsonView root_;
};

}  // namespace msprobe::dump
