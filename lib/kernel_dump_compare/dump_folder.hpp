#pragma once
// One side of a kernel-level compare, as msaccucmp reads a dump folder
// (dump_parse/dump.py DumpInfo): the folder's own files (no recursion), each
// named by the grammar of its kind, grouped by the op name they carry.
//
//   Offline  NPU kernel dumps: OPTYPE.OPNAME.TASK[.STREAM].TIMESTAMP[...]; key OPNAME
//   Numpy    golden .npy dumps (TensorFlow, ONNX, Caffe): OPNAME.OUTPUT.TIMESTAMP.npy; key OPNAME.OUTPUT
//   Standard / Quant  the same grammar with .pb / .quant
//
// Digit-only names are resolved through the folder's mapping.csv. A name
// outside its grammar is skipped with a warning, as msaccucmp skips it; a
// folder mixing kinds or holding no dump is an msprobe::Error.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::kernel_dump_compare {

enum class DumpKind { Offline, Standard, Quant, Numpy };

// How the files of one op are to be read (ConstManager NORMAL/AUTOMATIC/MANUAL_MODE).
enum class TaskMode { Normal, FftsAutomatic, FftsManual };

struct DumpFile {
    std::filesystem::path path;
    std::string name;  // the file name after mapping.csv
};

struct OpFiles {
    TaskMode mode = TaskMode::Normal;
    std::vector<DumpFile> files;  // sorted as msaccucmp sorts them: the last is the one a normal op uses
};

class DumpFolder {
public:
    // Reads the listing. `fusion_rule_given`: -f was given, which changes how
    // FFTS+ slice names are read (dump.py handle_op_name). Throws msprobe::Error
    // naming the folder for a folder that is not one, holds no dump, mixes kinds,
    // or names an unknown task type.
    DumpFolder(const std::filesystem::path& folder, bool fusion_rule_given);

    const std::filesystem::path& path() const { return path_; }
    // Numpy folders become Quant or Standard by the quant flag (DumpInfo._judge_dump_type).
    DumpKind kind() const { return kind_; }
    bool quantized() const { return quantized_; }
    bool holds_npy() const { return holds_npy_; }  // any *.npy file (utils.dump_path_contains_npy)
    const std::vector<std::string>& warnings() const { return warnings_; }

    // The files of `op_name` (its '/' and '.' read as '_'), with ".INDEX" for
    // golden kinds; nullptr when the folder has none.
    const OpFiles* find(const std::string& op_name, std::optional<std::size_t> output_index = {}) const;

    // Every key in listing order, with the files of each.
    const std::vector<std::pair<std::string, OpFiles>>& ops() const { return ops_; }

    // "side is dump data of the ..." (DumpInfo.get_data_info), for the scenario messages.
    std::string data_info() const;

private:
    std::filesystem::path path_;
    DumpKind kind_ = DumpKind::Offline;
    bool quantized_ = false;
    bool holds_npy_ = false;
    std::vector<std::pair<std::string, OpFiles>> ops_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::string> warnings_;
};

// The sort key msaccucmp orders files by: the 16-digit time stamp field (0 when not 16 digits).
std::uint64_t file_timestamp(const std::string& name);

// The sort key of an FFTS+ slice file: the time stamp of its fifth field (dump_utils.get_ffts_timestamp).
std::uint64_t ffts_timestamp(const std::string& name);

// The op type an Offline file name starts with, "NaN" outside the grammar (dump_utils.get_op_type_from_file_name).
std::string op_type_of_file(const std::string& name);

// Every "_lxslice<digits>" removed (dump.py process_op_name).
std::string without_slice_marks(const std::string& name);

}  // namespace msprobe::kernel_dump_compare
