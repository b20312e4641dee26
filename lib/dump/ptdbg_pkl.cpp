#include "dump/ptdbg_pkl.hpp"

#include <fmt/format.h>
#include <rapidjson/document.h>


#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/json_parse.hpp"
#include "dump/python_value.hpp"

namespace msprobe::dump {

namespace {

std::string text_of(const rapidjson::Value& v) {
    if (v.IsString()) return std::string(v.GetString(), v.GetStringLength());
    return python_str(v);
}

PtdbgFrame frame_of(const rapidjson::Value& v, const std::string& file, std::size_t line) {
    PtdbgFrame frame;
    if (!v.IsArray()) {
        // A failed capture is written as [""]: keep it as a frame with only a file text.
        frame.file = text_of(v);
        return frame;
    }
    if (v.Size() < 4) throw Error(file, fmt::format("line {}: a stack frame has {} fields, expected 4", line, v.Size()));
    frame.file = text_of(v[0]);
    frame.line = text_of(v[1]);
    frame.function = text_of(v[2]);
    frame.code = text_of(v[3]);
    return frame;
}

}  // namespace

std::vector<PtdbgRecord> parse_ptdbg_pkl(std::string_view text, const std::string& file) {
    try {
        std::vector<PtdbgRecord> records;
        std::size_t line_number = 0;
        std::size_t pos = 0;
        while (pos < text.size()) {
            std::size_t end = text.find('\n', pos);
            if (end == std::string_view::npos) end = text.size();
            std::string line(text.substr(pos, end - pos));
            pos = end + 1;
            ++line_number;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.find_first_not_of(" \t") == std::string::npos) continue;

            rapidjson::Document doc;
            line.append(kJsonTextPadding - 1, '\0');  // with std::string's own terminator
            if (const auto error = parse_json_in_place(doc, line.data(), Utf8Check::Skip)) {
                throw Error(file, fmt::format("line {}: malformed JSON at column {}: {}", line_number, error->offset + 1,
                                              error->reason));
            }
            if (!doc.IsArray() || doc.Empty() || !doc[0].IsString()) {
                throw Error(file, fmt::format("line {}: expected a JSON array starting with a record name", line_number));
            }
            PtdbgRecord record;
            record.name = text_of(doc[0]);
            record.line_number = line_number;
            record.field_count = doc.Size();
            if (record.name.find("stack_info") != std::string::npos && doc.Size() == 2) {
                record.kind = PtdbgRecord::Kind::Stack;
                if (!doc[1].IsArray()) throw Error(file, fmt::format("line {}: the stack is not a list", line_number));
                for (const auto& frame : doc[1].GetArray()) record.frames.push_back(frame_of(frame, file, line_number));
            } else {
                record.kind = PtdbgRecord::Kind::Data;
                if (doc.Size() > 1) record.step = text_of(doc[1]);
                if (doc.Size() > 3) record.dtype = text_of(doc[3]);
                if (doc.Size() > 4) record.shape = text_of(doc[4]);
                if (doc.Size() > 5) {
                    const auto& summary = doc[5];
                    if (!summary.IsArray()) throw Error(file, fmt::format("line {}: the summary is not a list", line_number));
                    for (const auto& v : summary.GetArray()) {
                        record.summary.push_back(text_of(v));
                        record.summary_numbers.push_back(v.IsNumber() ? std::optional<double>(v.GetDouble()) : std::nullopt);
                    }
                }
            }
            records.push_back(std::move(record));
        }
        return records;
    } catch (...) {
        rethrow_naming(file);
    }
}

std::vector<PtdbgRecord> read_ptdbg_pkl(const std::filesystem::path& path) {
    return parse_ptdbg_pkl(read_input_file(path, InputKind::Table), path.string());
}

}  // namespace msprobe::dump
