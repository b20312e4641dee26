#pragma once
// ATB dumps for tests of compare -m atb: an execution-round folder
// <root>/atb_dump_data/data/<device_pid>/<round>/ with its statistic.csv and,
// for a tensor dump, each tensor's .bin file below it (the layout ATB's dump
// writes and atb_data_compare.py reads), and the bytes of single .bin files.
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::testing {

// ATB's dtype codes in a .bin header.
enum AtbDtypeCode : int {
    kAtbFloat32 = 0,
    kAtbFloat16 = 1,
    kAtbInt8 = 2,
    kAtbInt32 = 3,
    kAtbInt64 = 9,
    kAtbBool = 12,
    kAtbBFloat16 = 27,
};

// A .bin file's bytes: $Version, format, dtype, dims, $Object.Count,
// $Object.Length and $End lines, then `data`.
std::vector<std::byte> atb_tensor_bytes(int dtype, const std::vector<std::int64_t>& dims,
                                        const std::vector<std::byte>& data);

// Element bytes of float16 and bfloat16 tensors (each value rounded to nearest, ties to even).
std::vector<std::byte> float16_bytes(const std::vector<float>& values);
std::vector<std::byte> bfloat16_bytes(const std::vector<float>& values);

// What a tensor dump's .bin file holds.
struct AtbTensorData {
    int dtype = kAtbFloat32;
    std::vector<std::int64_t> dims;
    std::vector<std::byte> data;
};

// One tensor: one row of statistic.csv.
struct AtbTensorRow {
    std::string op_name = "Prefill_layer/Linear";  // '/'-scoped
    std::string op_type = "LinearOperation";
    std::string op_id = "2_0";  // '_'-scoped, a level per op name level
    std::string io = "input";   // input | output
    int index = 0;
    std::string dtype = "float";  // the csv's Dtype and Shape texts
    std::string shape = "2*2";
    // Max, Min, Mean, Norm as written (a tensor dump writes N/A).
    std::array<std::string, 4> statistics = {"N/A", "N/A", "N/A", "N/A"};
    // A tensor dump's file; without one the row's Tensor Path is N/A (a statistics dump).
    std::optional<AtbTensorData> tensor;
};

struct AtbRound {
    std::string device_and_pid = "0_39943";
    int execution_count = 0;
    std::vector<AtbTensorRow> rows;
};

// The csv header ATB writes (15 columns, Device and PID ... Tensor Path).
std::string atb_statistic_header();

// The tensor's file below its round folder: <id>_<name>/... per level, then
// before/intensor<i>.bin for an input or after/outtensor<i>.bin for an output.
std::string atb_tensor_relative_path(const AtbTensorRow& row);

// Writes the round folder below `root` and returns it. A row's Tensor Path is
// the absolute path the file had where the dump was made: its round folder
// below `recorded_root`.
std::filesystem::path write_atb_round(const std::filesystem::path& root, const AtbRound& round,
                                      const std::string& recorded_root = "/home/dump");

}  // namespace msprobe::testing
