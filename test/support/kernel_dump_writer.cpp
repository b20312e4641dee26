#include "support/kernel_dump_writer.hpp"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace msprobe::testing {

namespace fs = std::filesystem;

namespace {

void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

fs::path kbk_step_dir(const fs::path& root, int rank, int step, const std::string& net, int graph) {
    const fs::path dir = root / fmt::format("rank_{}", rank) / net / std::to_string(graph) / std::to_string(step);
    fs::create_directories(dir);
    return dir;
}

std::string KernelTensorName::file_name() const {
    return fmt::format("{}.{}.{}.{}.{}.{}.{}.{}.npy", op_type, op_name, task_id, stream_id, timestamp, io, slot,
                       format);
}

void write_statistic_csv(const fs::path& path, const std::vector<StatisticCsvRow>& rows) {
    std::string text =
        "Op Type,Op Name,Task ID,Stream ID,Timestamp,IO,Slot,Data Size,Data Type,Shape,Max Value,Min Value,Avg Value,"
        "L2Norm Value\n";
    for (const auto& r : rows) {
        text +=
            fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", r.op_type, r.op_name, r.task_id, r.stream_id,
                        r.timestamp, r.io, r.slot, r.data_size, r.data_type, r.shape, r.max, r.min, r.avg, r.l2norm);
    }
    write_text(path, text);
}

void write_mapping_csv(const fs::path& path, const std::vector<std::pair<std::string, std::string>>& short_to_long) {
    std::string text = "File Name,Original File Name\n";
    for (const auto& [short_name, long_name] : short_to_long) text += short_name + "," + long_name + "\n";
    write_text(path, text);
}

void write_static_graph_compare_json(const fs::path& path, const fs::path& npu, const fs::path& bench,
                                     const std::string& extra_members) {
    std::string text = fmt::format(R"({{"npu_path": {}, "bench_path": {})", nlohmann::json(npu.string()).dump(),
                                   nlohmann::json(bench.string()).dump());
    if (!extra_members.empty()) text += ", " + extra_members;
    write_text(path, text + "}\n");
}

}  // namespace msprobe::testing
