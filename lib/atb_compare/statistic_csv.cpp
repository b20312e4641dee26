#include "atb_compare/statistic_csv.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "report/csv_reader.hpp"

namespace msprobe::atb {

namespace {

namespace fs = std::filesystem;

// statistic.csv's columns (ATB's dump writes 15).
constexpr std::size_t kColumns = 15;
constexpr std::size_t kDeviceAndPid = 0, kExecutionCount = 1, kOpName = 2, kOpId = 4, kIoType = 5, kIndex = 6,
                      kDtype = 7, kShape = 9, kMax = 10, kTensorPath = 14;
// A Tensor Path names atb_dump_data/data/<device_pid>/<round>/ before the tensor's own path.
constexpr std::size_t kRoundDepth = 4;

// "<id>_<name>/" per scope level, then "<io>.<index>"; empty when the levels of
// Op Name and Op Id differ.
std::string data_name(const std::vector<std::string>& record) {
    const auto names = py::split(record[kOpName], '/');
    const auto ids = py::split(record[kOpId], '_');
    if (names.size() != ids.size()) return {};
    std::string name;
    for (std::size_t i = 0; i < names.size(); ++i) name += fmt::format("{}_{}/", ids[i], names[i]);
    return name + fmt::format("{}.{}", record[kIoType], record[kIndex]);
}

// The part of a recorded Tensor Path below the round folder, joined onto `round_dir`
// as os.path.join does; empty when the path does not reach that deep.
std::string rebased_tensor_path(std::string_view recorded, const fs::path& round_dir) {
    const std::size_t at = recorded.rfind("atb_dump_data");
    // Without atb_dump_data msprobe keeps the path's last character alone, which never reaches deep enough.
    if (at == std::string_view::npos) return {};
    const auto parts = py::split(recorded.substr(at), '/');
    if (parts.size() <= kRoundDepth) return {};
    return (round_dir / fmt::format("{}", fmt::join(parts.begin() + kRoundDepth, parts.end(), "/"))).string();
}

}  // namespace

std::string_view mode_name(DumpMode mode) {
    switch (mode) {
        case DumpMode::Stats: return "stats";
        case DumpMode::Tensor: return "tensor";
        case DumpMode::Unknown: break;
    }
    return "unknown";
}

StatisticCsv read_statistic_csv(const fs::path& round_dir, RowRule rule) {
    StatisticCsv csv;
    csv.path = round_dir / "statistic.csv";
    const auto records = report::read_csv_records(csv.path.string());
    if (records.size() < 2) return csv;
    csv.mode = records[1].back() == kNotApplicable ? DumpMode::Stats : DumpMode::Tensor;
    const auto refuse = [&](std::size_t record, const std::string& reason) {
        if (rule == RowRule::Refuse) throw Error(csv.path.string(), fmt::format("record {}: {}", record, reason));
    };
    std::unordered_map<std::string, std::size_t> position;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& record = records[r];
        const std::size_t number = r + 1;
        if (record.size() != kColumns) {
            refuse(number, fmt::format("{} fields where ATB writes {}", record.size(), kColumns));
            continue;
        }
        StatisticRow row;
        row.data_name = data_name(record);
        if (row.data_name.empty()) {
            refuse(number, fmt::format("Op Name '{}' and Op Id '{}' have different numbers of levels", record[kOpName],
                                       record[kOpId]));
            continue;
        }
        row.tensor_path = record[kTensorPath];
        if (row.tensor_path != kNotApplicable) {
            row.tensor_path = rebased_tensor_path(row.tensor_path, round_dir);
            if (row.tensor_path.empty()) {
                refuse(number, fmt::format("Tensor Path '{}' does not lie in a round folder "
                                           "(atb_dump_data/data/<device_pid>/<round>/...)",
                                           record[kTensorPath]));
                continue;
            }
        } else if (csv.mode == DumpMode::Tensor) {
            refuse(number, "Tensor Path N/A in a dump of tensors (its first row names a tensor file)");
        }
        row.device_and_pid = record[kDeviceAndPid];
        row.execution_count = record[kExecutionCount];
        row.dtype = record[kDtype];
        row.shape = record[kShape];
        for (std::size_t s = 0; s < row.statistics.size(); ++s) row.statistics[s] = record[kMax + s];
        row.record = number;
        const auto [at, added] = position.try_emplace(row.data_name, csv.rows.size());
        if (added) {
            csv.rows.push_back(std::move(row));
            continue;
        }
        refuse(number, fmt::format("Data Name '{}' again (record {})", row.data_name, csv.rows[at->second].record));
        csv.rows[at->second] = std::move(row);  // a later row replaces an earlier one in its place (a dict)
    }
    return csv;
}

}  // namespace msprobe::atb
