#include "support/august_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "common/python_text.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/json_match.hpp"
#include "support/msprobe_divergences.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

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

std::string without_timestamp(const std::string& name) {
    static const std::regex kStamp("_[0-9]{14}(?=[._])|_[0-9]{19}(?=\\.json$)");
    return std::regex_replace(name, kStamp, "");
}

std::vector<std::string> result_folder_differences(const fs::path& expected, const fs::path& ours,
                                                   bool may_write_nothing) {
    std::map<std::string, fs::path> mine;
    if (fs::is_directory(ours)) {
        for (const auto& e : fs::recursive_directory_iterator(ours)) {
            if (!e.is_regular_file()) continue;
            const fs::path rel = fs::relative(e.path(), ours);
            mine[(rel.parent_path() / without_timestamp(rel.filename().string())).lexically_normal().string()] =
                e.path();
        }
    }
    static const std::set<std::string> kNotResults = {"msprobe.log", "original_names.txt", "args.txt", "rc.txt"};
    std::set<std::string> wanted;
    for (const auto& e : fs::recursive_directory_iterator(expected)) {
        if (!e.is_regular_file()) continue;
        const std::string name = stored_output_name(e.path());
        if (kNotResults.count(name) > 0) continue;
        const fs::path rel =
            (fs::relative(e.path().parent_path(), expected) / without_timestamp(name)).lexically_normal();
        const fs::path stored = e.path().parent_path() / name;
        if (rel.extension() == ".csv" && fs::exists(fs::path(stored).replace_extension(".xlsx"))) continue;
        wanted.insert(rel.string());
    }
    std::vector<std::string> out;
    if (wanted.empty() && !may_write_nothing) out.push_back("msprobe wrote no result here");
    std::map<std::string, fs::path> stored_by_name;
    for (const auto& e : fs::recursive_directory_iterator(expected)) {
        if (!e.is_regular_file()) continue;
        const std::string name = stored_output_name(e.path());
        const fs::path rel =
            (fs::relative(e.path().parent_path(), expected) / without_timestamp(name)).lexically_normal();
        stored_by_name[rel.string()] = stored_output(e.path().parent_path() / name);
    }
    for (const auto& rel : wanted) {
        const auto it = mine.find(rel);
        if (it == mine.end()) {
            out.push_back(rel + ": not written");
            continue;
        }
        const fs::path theirs = stored_by_name.at(rel);
        std::vector<std::string> differences;
        if (fs::path(rel).extension() == ".xlsx") {
            differences = workbook_differences(report::read_xlsx(it->second.string()),
                                               report::read_xlsx(theirs.string()), summation_order_tolerance());
        } else if (fs::path(rel).extension() == ".json") {
            differences = json_file_differences(it->second, theirs);
        } else if (fs::path(rel).extension() == ".csv") {
            differences = august_csv_differences(it->second, theirs);
        } else if (read_file_text(it->second) != read_file_text(theirs)) {
            differences.push_back("the text differs");
        }
        for (const auto& d : differences) out.push_back(rel + ": " + d);
    }
    for (const auto& [rel, file] : mine) {
        if (wanted.count(rel) == 0) out.push_back(rel + ": written, msprobe wrote no such file");
    }
    return out;
}

fs::path linked_case(const fs::path& case_dir, const std::string& name) {
    const fs::path dir = scratch_dir(name);
    for (const auto& entry : fs::directory_iterator(case_dir)) {
        const fs::path to = dir / entry.path().filename();
        if (entry.is_directory()) {
            fs::create_directory_symlink(entry.path(), to);
            continue;
        }
        const std::string text = read_file_text(entry.path());
        std::string line = text.substr(0, text.find('\n'));
        const fs::path pointed = case_dir / line;
        if (!line.empty() && fs::path(line).is_relative() && fs::is_directory(pointed)) {
            fs::create_directory_symlink(fs::canonical(pointed), to);
        } else {
            write_file(to, text);
        }
    }
    return dir;
}

}  // namespace msprobe::testing
