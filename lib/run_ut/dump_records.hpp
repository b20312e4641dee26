#pragma once
// The API entries of a run_ut input: forward entries
// in dump order with their backward entry, read from an msprobe dump.json.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dump/json_file.hpp"
#include "dump/json_view.hpp"
#include "dump/kept_json_values.hpp"

namespace msprobe::run_ut {

struct ApiEntry {
    std::string full_name;    // "Functional.conv2d.0"
    dump::JsonView forward;   // {"input_args", "input_kwargs", "output"}
    dump::JsonView backward;  // {"input"}; empty when the dump holds none
};

// Peak bytes of memory per byte of a dump.json read for run_ut: the file streams through a fixed buffer and
// what stays is a copy of the records run_ut reads of each API (measured, see docs/input_files.md). A file
// whose estimate exceeds the memory available is refused.
inline constexpr std::uintmax_t kDumpRecordsFootprintPerByte = 2;

// The entries point into `kept`, copies of a dump.json's records, or into `legacy`/`legacy_backward`,
// documents of their own converted from a legacy forward_info/backward_info file.
struct DumpRecords {
    dump::KeptJsonValues kept;                       // forward: input_args, input_kwargs, output; backward: input
    std::shared_ptr<const dump::JsonFile> legacy;    // the converted entries of a legacy forward_info file
    std::filesystem::path path;
    std::optional<std::filesystem::path> data_root;  // <dir of dump.json>/dump_tensor_data when dump_data_dir is set
    std::vector<ApiEntry> apis;                      // forward entries in dump order
    std::shared_ptr<const dump::JsonFile> legacy_backward;  // {"input": gradients} per API of a backward_info file
};

// The dump.json streams: only the records above are kept, never its text or whole tree.
// Throws msprobe::Error for a missing 'data' object or a key that is neither
// "<name>.forward" nor "<name>.backward" (keys holding "Module" are ignored).
// A legacy forward_info_<pid>.json of the 2023 api_accuracy_checker ("Family*api*n": {"args", "kwargs"})
// is read through the same model: names "Family.api.n", no outputs; its backward entries
// come from the matching backward_info_<pid>.json ("Family*api*n": [gradient records]) when
// `legacy_backward` names one (the 2023 tool's -backward), which only goes with a legacy forward file.
DumpRecords read_dump_records(const std::filesystem::path& path, const std::filesystem::path& legacy_backward = {});

// -f: keep the first call of each API name among calls with the same input signature.
std::vector<ApiEntry> filter_repeated_calls(const std::vector<ApiEntry>& apis);

}  // namespace msprobe::run_ut
