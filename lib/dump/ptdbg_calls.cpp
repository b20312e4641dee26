#include "dump/ptdbg_calls.hpp"

#include <fmt/format.h>

#include <string_view>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/ptdbg_pkl.hpp"

namespace msprobe::dump {

namespace {

constexpr int kMaxSummaryDumpFlag = 100;  // ptdbg's DUMP_RATIO_MAX
constexpr std::string_view kStackSuffix = "_stack_info";

[[noreturn]] void fail(const std::filesystem::path& path, std::size_t line, const std::string& reason) {
    throw Error(path.string(), fmt::format("line {}: {}", line, reason));
}

PklRecord data_record(const PtdbgRecord& data, const std::filesystem::path& path) {
    const std::size_t line = data.line_number;
    // ptdbg writes 6 fields; a MindSpore variant of the tool appends md5 and l2norm.
    if (data.field_count != 6 && data.field_count != 8) {
        fail(path, line, fmt::format("a data record has 6 fields, this one has {}", data.field_count));
    }
    PklRecord record;
    record.name = data.name;
    record.line = line;
    if (!data.dtype_is_text) fail(path, line, "the dtype (field 4) is not a string");
    record.dtype = data.dtype;
    if (!data.shape_is_list_or_text) fail(path, line, "the shape (field 5) is neither a list nor a string");
    record.shape_text = data.shape;
    record.summary_valid = data.step_integer && *data.step_integer <= kMaxSummaryDumpFlag;
    if (!data.summary_is_list) fail(path, line, "the summary (field 6) is not a list");
    for (std::size_t i = 0; i < data.summary_cells.size() && i < 3; ++i)
        record.statistics.push_back(data.summary_cells[i]);
    return record;
}

[[noreturn]] void fail_at(const PtdbgLineFault& fault, const std::filesystem::path& path) {
    switch (fault.kind) {
        case PtdbgLineFault::Kind::MalformedJson:
            fail(path, fault.line_number, fmt::format("not a JSON line: {} (column {})", fault.reason, fault.column));
        case PtdbgLineFault::Kind::NotAnArray: fail(path, fault.line_number, "a record must be a non-empty JSON array");
        case PtdbgLineFault::Kind::NameNotText:
            fail(path, fault.line_number, "a record's first field (its name) must be a string");
    }
    fail(path, fault.line_number, "not a record");
}

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
        const PtdbgScan scan = scan_ptdbg_pkl(read_input_file(path, InputKind::Table), Utf8Check::Validate);
        PklFile file;
        file.path = path;
        bool first_record = true;
        for (const PtdbgRecord& line : scan.records) {
            if (line.kind == PtdbgRecord::Kind::Stack) {
                std::string prefix = line.name;
                if (prefix.ends_with(kStackSuffix)) prefix.resize(prefix.size() - kStackSuffix.size());
                if (!line.frames_is_list) fail(path, line.line_number, "a stack record's frames must be a list");
                // The stack belongs to the call with the same prefix, written before or after its data.
                if (file.apis.empty() || file.apis.back().prefix != prefix || file.apis.back().stack_text) {
                    file.apis.push_back(PklApi{prefix, {}, std::nullopt});
                }
                file.apis.back().stack_text = line.frames_text;
                continue;
            }
            PklRecord record = data_record(line, path);
            if (first_record) {
                file.has_summary = record.summary_valid;
                first_record = false;
            }
            const std::string prefix = api_prefix(record.name);
            if (file.apis.empty() || file.apis.back().prefix != prefix)
                file.apis.push_back(PklApi{prefix, {}, std::nullopt});
            file.apis.back().records.push_back(std::move(record));
        }
        if (scan.fault) fail_at(*scan.fault, path);
        std::erase_if(file.apis, [](const PklApi& api) { return api.records.empty(); });
        return file;
    } catch (...) {
        rethrow_naming(path.string());
    }
}

}  // namespace msprobe::dump
