// data2db: msprobe data2db --db DB_DIR --data DATA_DIR [--format auto|dump|monitor] [--mapping MAP.json]
//          [--micro_step true|false|True|False] [--process_num N]
// flags → Data2DbRequest → msprobe::data2db::run_data2db.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common/error.hpp"
#include "common/python_text.hpp"
#include "common/thread_pool.hpp"
#include "data2db/data2db_run.hpp"

namespace msprobe::cli {

namespace {

struct Data2DbFlags {
    std::string db, data;
    std::string format = "auto";
    std::string mapping;
    std::string micro_step = "true";
    std::string process_num = "1";
};

// argparse's words for a value outside `choices`: "invalid choice: 'csv' (choose from 'auto', 'dump', 'monitor')".
CLI::Validator argparse_choices(std::vector<std::string> choices) {
    return CLI::Validator(
        [choices](std::string& value) -> std::string {
            if (std::find(choices.begin(), choices.end(), value) != choices.end()) return {};
            std::string listed;
            for (const auto& choice : choices) listed += (listed.empty() ? "'" : ", '") + choice + "'";
            return fmt::format("invalid choice: '{}' (choose from {})", value, listed);
        },
        "");
}

// argparse's type=int: Python's int() of the text.
CLI::Validator argparse_int() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            return py::parse_int(value) ? std::string() : fmt::format("invalid int value: '{}'", value);
        },
        "");
}

constexpr int kMaxProcessNum = 128;  // msprobe's limit

data2db::TrendSources sources_of(const std::string& format) {
    if (format == "dump") return data2db::TrendSources::Dump;
    if (format == "monitor") return data2db::TrendSources::Monitor;
    return data2db::TrendSources::DumpThenMonitor;
}

}  // namespace

Runner add_data2db_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    auto flags = std::make_shared<Data2DbFlags>();
    cmd.add_option("--db", flags->db, "Path to SQLite database output directory")->required();
    cmd.add_option("--data", flags->data, "Path to input data directory")->required();
    cmd.add_option("--format", flags->format, "Data format (default: auto)")
        ->check(argparse_choices({"auto", "dump", "monitor"}));
    cmd.add_option("--mapping", flags->mapping, "Path to optional JSON mapping file");
    cmd.add_option("--micro_step", flags->micro_step, "Use micro-step counting (default: true)")
        ->check(argparse_choices({"true", "false", "True", "False"}));
    cmd.add_option("--process_num", flags->process_num,
                   "Number of parallel processes for monitor data (default: 1); here the threads reading files")
        ->check(argparse_int());
    return [flags]() {
        const std::int64_t process_num = *py::parse_int(flags->process_num);
        if (process_num <= 0) throw Error("", "process_num must be a positive integer");
        if (process_num > kMaxProcessNum) {
            throw Error("", fmt::format("Maximum supported process_num is {}", kMaxProcessNum));
        }
        data2db::Data2DbRequest request;
        request.db_dir = flags->db;
        request.data_dir = flags->data;
        request.sources = sources_of(flags->format);
        if (!flags->mapping.empty()) request.mapping = flags->mapping;
        request.count_micro_steps = flags->micro_step == "true" || flags->micro_step == "True";
        ThreadPool pool(static_cast<unsigned>(process_num));
        RunOutcome outcome;
        outcome.screen = summary_text(data2db::run_data2db(request, pool));
        return outcome;
    };
}

}  // namespace msprobe::cli
