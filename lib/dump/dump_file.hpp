#pragma once
// A dump.json (or debug.json) read into execution-ordered entries and rows.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_row.hpp"

namespace msprobe {
class Progress;
}

namespace msprobe::dump {

struct DumpFile {
    std::string path;
    std::string task;                    // "statistics", "tensor", ...
    std::string level;                   // "L0", "L1", "mix", "debug" or ""
    std::string framework;               // "pytorch", "mindspore", "mindtorch" or ""
    bool is_debug = false;               // a debug.json (single-point save) file
    bool has_digests = false;            // statistics dump with summary_mode md5 (msprobe's detection rule)
    std::vector<std::string> api_names;  // entry keys in execution order
    std::vector<DumpRow> rows;           // all rows, entry by entry

    // api_names as one shared copy, made at the first call (not thread-safe):
    // every table made from this dump points at it instead of copying the names.
    std::shared_ptr<const std::vector<std::string>> shared_api_names() const;
    std::filesystem::path tensor_dir() const;  // <dir of the json>/dump_tensor_data

private:
    mutable std::shared_ptr<const std::vector<std::string>> shared_api_names_;
};

// MindSpore's dumper or MSAdapter's ("mindtorch"): the dumps msprobe's MindSpore compare reads.
inline bool is_mindspore_framework(std::string_view framework) {
    return framework == "mindspore" || framework == "mindtorch";
}

// Peak bytes of memory per byte of a dump.json being read: the file streams
// through a fixed buffer, so what stays is the rows built from it (measured,
// see docs/input_files.md). A file whose estimate exceeds the memory available is refused.
inline constexpr std::uintmax_t kDumpRowsFootprintPerByte = 3;

// Reads and flattens a dump.json/debug.json. Throws msprobe::Error (exit 2)
// naming the file: unreadable, malformed, missing/empty 'task', 'data' missing
// or not an object, values of the wrong type. `progress`, when given, counts
// the file's MiB as it is read (DumpStreamReading).
DumpFile read_dump_file(const std::filesystem::path& path, Progress* progress = nullptr);

}  // namespace msprobe::dump
