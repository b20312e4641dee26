#include "dump/parsed_json_text.hpp"

#include <cstddef>
#include <stdexcept>

#include <rapidjson/document.h>

#include "dump/json_parse.hpp"

namespace msprobe::dump {

struct ParsedJsonText::Parsed {
    alignas(std::max_align_t) char pool[2048];
    rapidjson::MemoryPoolAllocator<> allocator{pool, sizeof pool};
    rapidjson::Document document{&allocator};
};

ParsedJsonText::ParsedJsonText(std::string_view text) {
    if (text.empty()) return;
    text_.reserve(text.size() + kJsonTextPadding);
    text_ = text;
    text_.append(kJsonTextPadding, '\0');
    parsed_ = std::make_unique<Parsed>();
    if (parse_json_in_place(parsed_->document, text_.data(), text.size(), Utf8Check::Skip)) {
        throw std::logic_error("a JSON text written here does not read back: " + std::string(text));
    }
    root_ = parsed_->document;
}

ParsedJsonText::~ParsedJsonText() = default;

}  // namespace msprobe::dump
