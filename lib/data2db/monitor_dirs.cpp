#include "data2db/monitor_dirs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "common/python_text.hpp"

namespace msprobe::data2db {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

bool is_monitor_time_tag(std::string_view time_tag) {
    // _strptime's patterns for %b%d_%H-%M-%S, tried as its regular expression tries them.
    static const std::regex kTime(
        "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(3[01]|[12][0-9]|0[1-9]|[1-9]| [1-9])_"
        "(2[0-3]|[0-1][0-9]|[0-9])-([0-5][0-9]|[0-9])-(6[0-1]|[0-5][0-9]|[0-9])",
        std::regex::icase);
    std::match_results<std::string_view::const_iterator> match;
    if (!std::regex_match(time_tag.begin(), time_tag.end(), match, kTime)) return false;
    static constexpr std::string_view kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                                   "jul", "aug", "sep", "oct", "nov", "dec"};
    std::string month = match[1].str();
    std::transform(month.begin(), month.end(), month.begin(), [](unsigned char c) { return std::tolower(c); });
    const auto index = std::find(std::begin(kMonths), std::end(kMonths), month) - std::begin(kMonths);
    const int day = std::stoi(match[2].str());
    const int second = std::stoi(match[5].str());
    static constexpr int kDaysIn1900[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};  // 1900 is no leap year
    return day <= kDaysIn1900[index] && second <= 59;  // datetime refuses a 60th and 61st second
}

std::vector<MonitorRankDir> find_monitor_dirs(const std::filesystem::path& data_dir) {
    static const std::regex kDirName(R"(([\w-]{0,20})-rank(\d{1,5})-)");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(data_dir)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    std::vector<MonitorRankDir> dirs;
    for (const auto& name : names) {
        std::smatch match;
        if (!std::regex_search(name, match, kDirName, std::regex_constants::match_continuous)) continue;
        const std::string time_tag = match[1].str();
        if (!is_monitor_time_tag(time_tag)) {
            throw Error((data_dir / name).string(),
                        fmt::format("illegal timestamp: {}, timestamp should be prefix of existing output dirpath, "
                                    "like 'Dec03_21-34-40'.",
                                    time_tag));
        }
        const std::string rank_text = match[2].str();
        const auto same = std::find_if(dirs.begin(), dirs.end(),
                                       [&](const MonitorRankDir& dir) { return dir.rank_text == rank_text; });
        if (same != dirs.end()) {
            same->dir = data_dir / name;  // a dict entry keeps its place and takes the later folder
        } else {
            dirs.push_back({rank_text, *py::parse_int(rank_text), data_dir / name});
        }
    }
    return dirs;
}

std::optional<std::string> monitor_csv_metric(std::string_view file_name) {
    const auto last = file_name.rfind('_');
    if (last == std::string_view::npos) return std::nullopt;
    const std::string_view metric = file_name.substr(0, last);
    if (std::find(std::begin(kMonitorMetrics), std::end(kMonitorMetrics), metric) == std::end(kMonitorMetrics)) {
        return std::nullopt;
    }
    // re.match(metric + r"_(\d+)-(\d+)\.csv"): a prefix of the name.
    std::string_view rest = file_name.substr(last + 1);
    const auto digits = [&]() {
        std::size_t n = 0;
        while (n < rest.size() && is_digit(rest[n])) ++n;
        rest.remove_prefix(n);
        return n > 0;
    };
    if (!digits() || !rest.starts_with("-")) return std::nullopt;
    rest.remove_prefix(1);
    if (!digits() || !rest.starts_with(".csv")) return std::nullopt;
    return std::string(metric);
}

}  // namespace msprobe::data2db
