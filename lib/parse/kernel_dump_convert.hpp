#pragma once
// `msprobe parse -d PATH`: CANN kernel dumps (a file, or a folder's own files)
// converted to one .npy or .pt file per input and output tensor.
//
// Every tensor is written in its logical layout (blocked device layouts such
// as NC1HWC0 or FRACTAL_NZ unpacked, padding dropped) as
// "{file}.{input|output}.{i}.{npy|pt}", or with a target format in that
// layout as "{file}.{io}.{i}.{d0}x{d1}x....{npy|pt}". Op-debug files become
// "{file}.output.0.json"; buffers and workspaces are copied as
// "{file}.l1buffer.{i}.bin" / "{file}.space.{i}.bin" (without a target
// format). Names of 255 bytes or more are replaced by their name-based UUID
// and listed in the output folder's mapping.csv.
//
// Files are told apart by content, whatever their names; mapping.csv in the
// input folder names digit-only files. Files are converted one per pool
// thread, each read, its outputs staged and dropped before the thread takes
// the next, so memory follows the largest file, not the folder; the staged
// files appear together at the end. A file that cannot be read as a whole is
// an msprobe::Error and no output appears. A tensor that cannot be decoded or
// converted is left out with a warning; the others are written. One file gives
// at most one output per tensor slot (tensor::kMaxBinTensors).
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/run_summary.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::parse {

enum class TensorFileType { Npy, Pt };

struct KernelDumpConvertOptions {
    std::filesystem::path dump_path;                 // a dump file or a folder of them
    std::filesystem::path output_dir = "output";
    TensorFileType type = TensorFileType::Pt;
    std::optional<std::string> target_format;        // -f: NCHW, NHWC, ND, ...
    bool show_progress = false;                      // the files converted, on a progress line of the terminal
};

struct KernelDumpConvertResult {
    std::size_t files = 0;          // dump files read
    std::size_t tensors = 0;        // .npy / .pt files written
    std::size_t other_files = 0;    // op-debug .json, buffer and workspace .bin, mapping.csv
    std::vector<std::string> warnings;
    std::vector<std::filesystem::path> written;  // every file, where it went
    std::size_t most_files_held = 0;  // input files decoded at once, at most one per pool thread
};

// Converts, writing into options.output_dir (created when something is
// written). The pool's threads share the files and large tensors.
KernelDumpConvertResult convert_kernel_dumps(const KernelDumpConvertOptions& options, ThreadPool& pool);

// The run's summary: files read, tensor and other files written, warnings (the first named), the folder and files.
RunSummary convert_summary(const KernelDumpConvertResult& result, const KernelDumpConvertOptions& options);

// The same for machines: counts, the warnings and every file written.
nlohmann::ordered_json summary_json(const KernelDumpConvertResult& result, const KernelDumpConvertOptions& options);

// The input files of `dump_path`: itself, or the folder's own regular files
// (not mapping.csv) in name order. Throws msprobe::Error for a missing path
// or a folder without files.
std::vector<std::filesystem::path> kernel_dump_inputs(const std::filesystem::path& dump_path);

}  // namespace msprobe::parse
