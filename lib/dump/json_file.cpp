#include "dump/json_file.hpp"

#include <fmt/format.h>

#include <cstring>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/memory_budget.hpp"
#include "dump/json_parse.hpp"

namespace msprobe::dump {

JsonFile::JsonFile() = default;
JsonFile::JsonFile(JsonFile&&) noexcept = default;
JsonFile& JsonFile::operator=(JsonFile&&) noexcept = default;
JsonFile::~JsonFile() = default;

JsonView JsonFile::root() const { return *document_; }
const rapidjson::Value& JsonFile::document() const { return *document_; }

void JsonFile::parse(std::size_t size) {
    char* text = text_.get();
    if (size >= 3 && std::memcmp(text, "\xEF\xBB\xBF", 3) == 0) {  // tolerate a UTF-8 BOM
        text += 3;
        size -= 3;
    }
    document_ = std::make_unique<rapidjson::Document>();
    if (const auto error = parse_json_in_place(*document_, text, size, Utf8Check::Validate)) {
        if (error->kind == JsonParseError::Kind::RepeatedKey) throw Error(path_, error->reason);
        throw Error(path_, fmt::format("malformed JSON at byte {}: {}", error->offset, error->reason));
    }
}

JsonFile JsonFile::load(const std::filesystem::path& path) {
    JsonFile file;
    file.path_ = path.string();
    try {
        const InputFile input = InputFile::open(path, InputKind::Json);
        const MemoryReservation reservation = reserve_for_reading(input, kJsonFootprintPerByte);
        file.text_ = std::make_unique<char[]>(input.size() + kJsonTextPadding);  // zero-filled
        input.read_into(file.text_.get());
        file.parse(input.size());
    } catch (...) {
        rethrow_naming(file.path_);
    }
    return file;
}

JsonFile JsonFile::from_text(std::string text, std::string origin) {
    JsonFile file;
    file.path_ = std::move(origin);
    file.text_ = std::make_unique<char[]>(text.size() + kJsonTextPadding);  // zero-filled
    std::memcpy(file.text_.get(), text.data(), text.size());
    file.parse(text.size());
    return file;
}

}  // namespace msprobe::dump
