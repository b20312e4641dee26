#pragma once
// The interactive parse tool's cad: every kernel dump of a folder tree converted to .npy files into
// <out>/<op_name>/<timestamp>/, the layout vc's .npy branch compares (lib/parse/npy_tree_compare). As msprobe
// does it: the tree is walked to depth 5 (depth_limited_walk); a file is a dump when its name has at least
// five dot-separated parts, op_name being the second and timestamp the last; each is converted on its own,
// reported as dc reports a file (convert_to_npy).
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace msprobe {
class ThreadPool;
}

namespace msprobe::parse {

struct BatchConvertFile {
    std::string source;                // the file, joined from the folder as typed
    std::filesystem::path output_dir;  // <out>/<op_name>/<timestamp>
};

// The files cad converts, in walk order, and where each goes.
std::vector<BatchConvertFile> batch_convert_plan(const std::string& dump_dir, const std::filesystem::path& output_dir);

// cad's default output: parse_data/batch_dump_convert/<YYYYmmddHHMMSS> (local time).
std::filesystem::path default_batch_convert_dir();

struct BatchConvertOutcome {
    std::size_t files = 0;              // files the plan holds
    std::vector<std::string> failures;  // one message per file that was not converted
};

// Converts the plan's files one after the other. A file that cannot be converted (msprobe::Error) is named on
// `out` ("error: <file>: <reason>") and left without output; the others are still converted, each file's
// output appearing whole or not at all.
BatchConvertOutcome batch_convert_kernel_dumps(const std::string& dump_dir, const std::filesystem::path& output_dir,
                                               ThreadPool& pool, std::ostream& out);

}  // namespace msprobe::parse
