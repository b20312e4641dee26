#include "dump/ptdbg_pkl.hpp"

#include <fmt/format.h>
#include <rapidjson/document.h>

#include <cmath>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/json_parse.hpp"
#include "dump/python_value.hpp"

namespace msprobe::dump {

namespace {

PtdbgFrame frame_of(const rapidjson::Value& v) {
    PtdbgFrame frame;
    if (!v.IsArray()) {
        // A failed capture is written as [""]: keep it as a frame with only a file text.
        frame.file = python_str(v);
        return frame;
    }
    frame.field_count = v.Size();
    if (v.Size() < 4) return frame;
    frame.file = python_str(v[0]);
    frame.line = python_str(v[1]);
    frame.function = python_str(v[2]);
    frame.code = python_str(v[3]);
    return frame;
}

// A statistic as pandas writes the Python value: NaN and None leave the cell empty.
std::string cell_of(const rapidjson::Value& v) {
    if (v.IsNull()) return {};
    if (v.IsDouble() && std::isnan(v.GetDouble())) return {};
    return python_str(v);
}

PtdbgRecord record_of(const rapidjson::Document& doc, std::size_t line_number) {
    PtdbgRecord record;
    record.name = python_str(doc[0]);
    record.line_number = line_number;
    record.field_count = doc.Size();
    if (record.name.find("stack_info") != std::string::npos && doc.Size() == 2) {
        record.kind = PtdbgRecord::Kind::Stack;
        record.frames_is_list = doc[1].IsArray();
        record.frames_text = python_str(doc[1]);
        if (record.frames_is_list) {
            for (const auto& frame : doc[1].GetArray()) record.frames.push_back(frame_of(frame));
        }
        return record;
    }
    record.kind = PtdbgRecord::Kind::Data;
    if (doc.Size() > 1) {
        record.step = python_str(doc[1]);
        if (doc[1].IsInt64()) record.step_integer = doc[1].GetInt64();
    }
    if (doc.Size() > 3) {
        record.dtype = python_str(doc[3]);
        record.dtype_is_text = doc[3].IsString();
    }
    if (doc.Size() > 4) {
        record.shape = python_str(doc[4]);
        record.shape_is_list_or_text = doc[4].IsArray() || doc[4].IsString();
    }
    if (doc.Size() > 5 && doc[5].IsArray()) {
        record.summary_is_list = true;
        for (const auto& v : doc[5].GetArray()) {
            record.summary.push_back(python_str(v));
            record.summary_numbers.push_back(v.IsNumber() ? std::optional<double>(v.GetDouble()) : std::nullopt);
            record.summary_cells.push_back(cell_of(v));
        }
    }
    return record;
}

}  // namespace

PtdbgScan scan_ptdbg_pkl(std::string_view text, Utf8Check utf8) {
    PtdbgScan scan;
    std::size_t line_number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(pos, end - pos));
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;

        rapidjson::Document doc;
        const std::size_t length = line.size();
        line.append(kJsonTextPadding - 1, '\0');  // with std::string's own terminator
        if (const auto error = parse_json_in_place(doc, line.data(), length, utf8)) {
            scan.fault = PtdbgLineFault{PtdbgLineFault::Kind::MalformedJson, line_number, error->offset + 1,
                                        error->reason};
            break;
        }
        if (!doc.IsArray() || doc.Empty()) {
            scan.fault = PtdbgLineFault{PtdbgLineFault::Kind::NotAnArray, line_number, 0, {}};
            break;
        }
        if (!doc[0].IsString()) {
            scan.fault = PtdbgLineFault{PtdbgLineFault::Kind::NameNotText, line_number, 0, {}};
            break;
        }
        scan.records.push_back(record_of(doc, line_number));
    }
    return scan;
}

std::vector<PtdbgRecord> parse_ptdbg_pkl(std::string_view text, const std::string& file) {
    try {
        PtdbgScan scan = scan_ptdbg_pkl(text, Utf8Check::Skip);
        for (const auto& record : scan.records) {
            const std::size_t line = record.line_number;
            if (record.kind == PtdbgRecord::Kind::Stack) {
                if (!record.frames_is_list) throw Error(file, fmt::format("line {}: the stack is not a list", line));
                for (const auto& frame : record.frames) {
                    if (frame.field_count && *frame.field_count < 4) {
                        throw Error(file, fmt::format("line {}: a stack frame has {} fields, expected 4", line,
                                                      *frame.field_count));
                    }
                }
            } else if (record.field_count > 5 && !record.summary_is_list) {
                throw Error(file, fmt::format("line {}: the summary is not a list", line));
            }
        }
        if (const auto& fault = scan.fault) {
            if (fault->kind == PtdbgLineFault::Kind::MalformedJson) {
                throw Error(file, fmt::format("line {}: malformed JSON at column {}: {}", fault->line_number,
                                              fault->column, fault->reason));
            }
            throw Error(file,
                        fmt::format("line {}: expected a JSON array starting with a record name", fault->line_number));
        }
        return std::move(scan.records);
    } catch (...) {
        rethrow_naming(file);
    }
}

std::vector<PtdbgRecord> read_ptdbg_pkl(const std::filesystem::path& path) {
    return parse_ptdbg_pkl(read_input_file(path, InputKind::Table), path.string());
}

}  // namespace msprobe::dump
