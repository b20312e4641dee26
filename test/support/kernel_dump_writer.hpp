#pragma once
// MindSpore static-graph dumps for tests of the kernel (L2) compare and the
// single-point compare (spec compare.md §13): the KBK directory layout,
// kernel tensor file names, statistic.csv files and mapping.csv files.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

// <root>/rank_<rank>/<net>/<graph>/<step>: a KBK dump's lowest-level directory (created).
std::filesystem::path kbk_step_dir(const std::filesystem::path& root, int rank, int step,
                                   const std::string& net = "mnist", int graph = 0);

// <op_type>.<op_name>.<task_id>.<stream_id>.<timestamp>.<io>.<slot>.<format>.npy
struct KernelTensorName {
    std::string op_type = "Add";
    std::string op_name = "op_1";
    int task_id = 0;
    int stream_id = 0;
    std::int64_t timestamp = 1721724968854345;
    std::string io = "input";
    int slot = 0;
    std::string format = "DefaultFormat";

    std::string file_name() const;
};

// One statistic.csv row, every field as the dumper writes its text.
struct StatisticCsvRow {
    std::string op_type = "RefData";
    std::string op_name;
    std::string task_id = "0";
    std::string stream_id = "0";
    std::string timestamp = "0";
    std::string io = "output";
    std::string slot = "0";
    std::string data_size = "0";
    std::string data_type = "float32";
    std::string shape;
    std::string max;
    std::string min;
    std::string avg;
    std::string l2norm;
};

// The dumper's header line (Op Type, Op Name, ..., L2Norm Value), then the rows.
void write_statistic_csv(const std::filesystem::path& path, const std::vector<StatisticCsvRow>& rows);

// mapping.csv: a header, then one "short,long" line per pair.
void write_mapping_csv(const std::filesystem::path& path,
                       const std::vector<std::pair<std::string, std::string>>& short_to_long);

// A compare.json with npu_path, bench_path and the given extra members (JSON text, e.g.
// "\"rank_id\": [], \"step_id\": []").
void write_static_graph_compare_json(const std::filesystem::path& path, const std::filesystem::path& npu,
                                     const std::filesystem::path& bench, const std::string& extra_members);

}  // namespace msprobe::testing
