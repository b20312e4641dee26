#include "dump/json_file.hpp"

#include <fmt/format.h>
#include <rapidjson/error/en.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/error.hpp"

namespace msprobe::dump {

namespace {

// Reads the whole file into a NUL-terminated buffer for in-situ parsing.
std::unique_ptr<char[]> read_all(const std::string& path, std::size_t& size) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw Error(path, "no such file");
    if (std::filesystem::is_directory(path, ec)) throw Error(path, "is a directory, expected a JSON file");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw Error(path, fmt::format("cannot open: {}", std::strerror(errno)));
    std::fseek(f, 0, SEEK_END);
    const long length = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    if (length < 0) {
        std::fclose(f);
        throw Error(path, "cannot determine the file size");
    }
    size = static_cast<std::size_t>(length);
    auto buffer = std::make_unique<char[]>(size + 1);
    const std::size_t got = std::fread(buffer.get(), 1, size, f);
    const bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed || got != size) throw Error(path, "read failed");
    buffer[size] = '\0';
    return buffer;
}

}  // namespace

JsonFile JsonFile::load(const std::filesystem::path& path) {
    JsonFile file;
    file.path_ = path.string();
    std::size_t size = 0;
    file.text_ = read_all(file.path_, size);
    char* text = file.text_.get();
    if (size >= 3 && std::memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3;  // tolerate a UTF-8 BOM
    file.document_ = std::make_unique<rapidjson::Document>();
    constexpr unsigned kFlags = rapidjson::kParseNanAndInfFlag | rapidjson::kParseFullPrecisionFlag |
                                rapidjson::kParseValidateEncodingFlag;
    file.document_->ParseInsitu<kFlags>(text);
    if (file.document_->HasParseError()) {
        throw Error(file.path_, fmt::format("malformed JSON at byte {}: {}", file.document_->GetErrorOffset(),
                                            rapidjson::GetParseError_En(file.document_->GetParseError())));
    }
    return file;
}

}  // namespace msprobe::dump
