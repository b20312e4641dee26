#pragma once
// The conversion behind the interactive parse tool's dc (and each file of cad), reported as msprobe reports
// it: the log line "Covert file is: <source>" (msprobe's spelling) or "Convert all files in path: <source>",
// the kernel dumps converted to .npy files (convert_kernel_dumps, optionally in a target layout), a warning
// per tensor left out, "Transfer result is saved in : <real path of the output folder>", then the panel:
// "SrcFile: <source>" and " - <name>" for every file written whose name msprobe's listing pattern takes.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parse/kernel_dump_convert.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::parse {

struct NpyConvertRequest {
    std::string source;  // a dump file or folder, printed as typed
    std::filesystem::path output_dir;
    std::optional<std::string> target_format;  // -f
};

// Throws msprobe::Error as convert_kernel_dumps does (nothing written, no panel then).
KernelDumpConvertResult convert_to_npy(const NpyConvertRequest& request, ThreadPool& pool, std::ostream& out);

// msprobe's pattern of converted files:
// <op_type>.<op_name>.<task_id>[.<stream_id>].<timestamp>.<input|output>.<i>[.<d0>x<d1>...].npy.
// Buffers, workspaces, op-debug records, over-long names (stored as a UUID) and names with more dot parts
// (FFTS+ dumps) are not listed.
bool listed_in_panel(std::string_view file_name);

// "SrcFile: <source>\n" then " - <name>\n" for each written file listed_in_panel takes, by name.
std::string convert_panel(const std::string& source, const std::vector<std::filesystem::path>& written);

}  // namespace msprobe::parse
