#include "legacy/pkl_file.hpp"

#include <fmt/format.h>
#include <rapidjson/document.h>

#include <cmath>
#include <string_view>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/json_parse.hpp"
#include "dump/python_value.hpp"

namespace msprobe::legacy {

namespace {

constexpr int kMaxSummaryDumpFlag = 100;  // ptdbg's DUMP_RATIO_MAX
constexpr std::string_view kStackSuffix = "_stack_info";

// A statistic as pandas writes the Python value: NaN and None leave the cell empty.
std::string statistic_text(const rapidjson::Value& value) {
    if (value.IsNull()) return {};
    if (value.IsDouble() && std::isnan(value.GetDouble())) return {};
    return dump::python_str(value);
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r\n") == std::string_view::npos; }

class LineReader {
public:
    LineReader(const std::filesystem::path& path, std::size_t line) : path_(path.string()), line_(line) {}

    [[noreturn]] void fail(const std::string& reason) const {
        throw Error(path_, fmt::format("line {}: {}", line_, reason));
    }

    PklRecord data_record(const rapidjson::Value& array) const {
        // ptdbg writes 6 fields; a MindSpore variant of the tool appends md5 and l2norm.
        if (array.Size() != 6 && array.Size() != 8) {
            fail(fmt::format("a data record has 6 fields, this one has {}", array.Size()));
        }
        PklRecord record;
        record.name = array[0].GetString();
        record.line = line_;
        if (!array[3].IsString()) fail("the dtype (field 4) is not a string");
        record.dtype = array[3].GetString();
        if (!array[4].IsArray() && !array[4].IsString()) fail("the shape (field 5) is neither a list nor a string");
        record.shape_text = dump::python_str(array[4]);
        record.summary_valid = array[1].IsInt64() && array[1].GetInt64() <= kMaxSummaryDumpFlag;
        if (!array[5].IsArray()) fail("the summary (field 6) is not a list");
        for (rapidjson::SizeType i = 0; i < array[5].Size() && i < 3; ++i) {
            record.statistics.push_back(statistic_text(array[5][i]));
        }
        return record;
    }

private:
    std::string path_;
    std::size_t line_;
};

}  // namespace

std::string api_prefix(const std::string& record_name) {
    std::size_t best = std::string::npos;
    for (std::string_view direction : {"_forward_", "_backward_"}) {
        const auto pos = record_name.rfind(direction);
        if (pos != std::string::npos && (best == std::string::npos || pos > best)) {
            best = pos + direction.size() - 1;
        }
    }
    return best == std::string::npos ? record_name : record_name.substr(0, best);
}

PklFile read_pkl_file(const std::filesystem::path& path) {
    try {
        const std::string text = read_input_file(path, InputKind::Table);
        PklFile file;
        file.path = path;
        bool first_record = true;
        std::size_t number = 0;
        for (std::size_t pos = 0; pos < text.size();) {
            std::size_t end = text.find('\n', pos);
            if (end == std::string::npos) end = text.size();
            std::string line = text.substr(pos, end - pos);
            pos = end + 1;
            ++number;
            if (blank(line)) continue;
            LineReader reader(path, number);
            rapidjson::Document doc;
            line.append(dump::kJsonTextPadding - 1, '\0');  // with std::string's own terminator
            if (const auto error = dump::parse_json_in_place(doc, line.data(), dump::Utf8Check::Validate)) {
                reader.fail(fmt::format("not a JSON line: {} (column {})", error->reason, error->offset + 1));
            }
            if (!doc.IsArray() || doc.Empty()) reader.fail("a record must be a non-empty JSON array");
            if (!doc[0].IsString()) reader.fail("a record's first field (its name) must be a string");
            const std::string name = doc[0].GetString();
            const bool stack = name.find("stack_info") != std::string::npos && doc.Size() == 2;
            if (stack) {
                std::string prefix = name;
                if (prefix.ends_with(kStackSuffix)) prefix.resize(prefix.size() - kStackSuffix.size());
                if (!doc[1].IsArray()) reader.fail("a stack record's frames must be a list");
                // The stack belongs to the call with the same prefix, written before or after its data.
                if (file.apis.empty() || file.apis.back().prefix != prefix || file.apis.back().stack_text) {
                    file.apis.push_back(PklApi{prefix, {}, std::nullopt});
                }
                file.apis.back().stack_text = dump::python_str(doc[1]);
                continue;
            }
            PklRecord record = reader.data_record(doc);
            if (first_record) {
                file.has_summary = record.summary_valid;
                first_record = false;
            }
            const std::string prefix = api_prefix(record.name);
            if (file.apis.empty() || file.apis.back().prefix != prefix) file.apis.push_back(PklApi{prefix, {}, std::nullopt});
            file.apis.back().records.push_back(std::move(record));
        }
        std::erase_if(file.apis, [](const PklApi& api) { return api.records.empty(); });
        return file;
    } catch (...) {
        rethrow_naming(path.string());
    }
}

}  // namespace msprobe::legacy
