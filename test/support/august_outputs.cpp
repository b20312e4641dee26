#include "support/august_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "common/python_text.hpp"
#include "report/csv_reader.hpp"
#include "support/file_text.hpp"
#include "support/msprobe_divergences.hpp"

namespace fs = std::filesystem;

namespace msprobe::testing {

fs::path stored_output(const fs::path& file) {
    if (fs::exists(file)) return file;
    std::string target = read_file_text(file.string() + ".same_as");
    while (!target.empty() && (target.back() == '\n' || target.back() == '\r')) target.pop_back();
    return file.parent_path() / target;
}

std::string stored_output_name(const fs::path& file) {
    std::string name = file.filename().string();
    if (name.ends_with(".same_as")) name.resize(name.size() - std::string(".same_as").size());
    return name;
}

RecordedRun read_recorded_run(const fs::path& run_dir) {
    std::istringstream log(read_file_text(run_dir / "msprobe.log"));
    std::string command, status;
    std::getline(log, command);
    std::getline(log, status);
    RecordedRun run;
    std::istringstream words(command);
    std::string word;
    words >> word >> word;  // "$ msprobe"
    while (words >> word) run.args.push_back(word);
    const auto rc = status.find("rc=");
    if (rc != std::string::npos) run.exit_code = std::stoi(status.substr(rc + 3));
    return run;
}

std::vector<std::string> august_csv_differences(const fs::path& ours, const fs::path& expected) {
    const auto a = report::read_csv_records(ours.string());
    const auto b = report::read_csv_records(expected.string());
    std::vector<std::string> out;
    if (a.size() != b.size()) out.push_back(fmt::format("{} records, msprobe {}", a.size(), b.size()));
    const auto& tolerance = summation_order_tolerance();
    for (std::size_t r = 0; r < std::min(a.size(), b.size()) && out.size() < 20; ++r) {
        if (a[r].size() != b[r].size()) {
            out.push_back(fmt::format("record {}: {} fields, msprobe {}", r, a[r].size(), b[r].size()));
            continue;
        }
        for (std::size_t c = 0; c < a[r].size() && out.size() < 20; ++c) {
            if (a[r][c] == b[r][c]) continue;
            const auto it = tolerance.find(b[0][c]);
            if (it != tolerance.end()) {
                const auto x = msprobe::py::parse_float(a[r][c]), y = msprobe::py::parse_float(b[r][c]);
                if (x && y && std::fabs(*x - *y) <= it->second * std::fabs(*y)) continue;
            }
            out.push_back(fmt::format("record {} ({}) column {}: ours '{}', msprobe '{}'", r, b[r][0], b[0][c],
                                      a[r][c], b[r][c]));
        }
    }
    return out;
}

}  // namespace msprobe::testing
