// August msprobe's rank-level compare results (../shared/fixtures/expected_august)
// against ours, cell for cell: the default CSV field by field as written, and
// the --xlsx workbook cell by cell.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "common/thread_pool.hpp"
#include "compare/august_result_rules.hpp"
#include "compare/august_result_writer.hpp"
#include "compare/august_table.hpp"
#include "report/xlsx_reader.hpp"
#include "support/august_outputs.hpp"
#include "support/file_text.hpp"
#include "support/msprobe_divergences.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using msprobe::testing::read_file_text;

namespace {

// One run folder's command: `msprobe compare -tp X -gp Y -o OUT [flags]` on line 1 of msprobe.log.
struct RunCommand {
    std::string target, golden;
    std::vector<std::string> other_flags;  // every option but -tp, -gp, -o and --xlsx
    bool xlsx = false;
};

RunCommand read_command(const fs::path& run_dir) {
    std::istringstream log(read_file_text(run_dir / "msprobe.log"));
    std::string line;
    std::getline(log, line);
    std::istringstream words(line);
    std::vector<std::string> tokens;
    for (std::string w; words >> w;) tokens.push_back(w);
    RunCommand command;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        if (t == "-tp" && i + 1 < tokens.size()) {
            command.target = tokens[++i];
        } else if (t == "-gp" && i + 1 < tokens.size()) {
            command.golden = tokens[++i];
        } else if (t == "-o") {
            ++i;  // the run folder itself
        } else if (t == "--xlsx") {
            command.xlsx = true;
        } else if (t.rfind('-', 0) == 0) {
            command.other_flags.push_back(t);
        }
    }
    return command;
}

// A run of a dump file pair: its folder holds compare_result.csv (or .xlsx), possibly as a pointer.
bool is_rank_level(const fs::path& run) {
    for (const char* name : {"compare_result.csv", "compare_result.csv.same_as", "compare_result.xlsx"}) {
        if (fs::exists(run / name)) return true;
    }
    return false;
}

// A run of two step folders (compare_result_<rank>.csv files).
bool is_step_level(const fs::path& run) {
    for (const auto& e : fs::directory_iterator(run)) {
        if (e.path().filename().string().rfind("compare_result_", 0) == 0) return true;
    }
    return false;
}

// Options that leave the table of a file pair as it is: -da only acts on step
// folders, -lm only on MindSpore dumps, -tensor_log only adds log lines.
bool leaves_file_pair_table_alone(const std::string& flag) {
    return flag == "-da" || flag == "-lm" || flag == "-tensor_log";
}

// Without --strict_compat the One Thousandth rule uses the threshold its
// message states; the rows that changes may gain that message and nothing else.
// Returns how many rows changed.
std::size_t verdicts_fixed_apart_from_msprobe(const AugustTable& table) {
    const auto msprobe = august_verdicts(table.result, AugustRuleOptions{true});
    const auto fixed = august_verdicts(table.result, AugustRuleOptions{false});
    std::size_t changed = 0;
    for (std::size_t r = 0; r < fixed.size(); ++r) {
        if (fixed[r].messages == msprobe[r].messages) continue;
        ++changed;
        auto without = fixed[r].messages;
        const auto it =
            std::find(without.begin(), without.end(),
                      "error: The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6.");
        REQUIRE(it != without.end());
        without.erase(it);
        CHECK(without == msprobe[r].messages);
    }
    return changed;
}

}  // namespace

TEST_CASE("august compare matches msprobe's rank-level results cell for cell", "[fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path expected_root = *fixtures / "expected_august";
    std::vector<fs::path> runs;
    std::vector<std::string> step_level;
    for (const auto& c : fs::directory_iterator(expected_root)) {
        if (!c.is_directory() || !fs::is_directory(*fixtures / "dumps" / c.path().filename())) continue;
        for (const auto& r : fs::directory_iterator(c.path())) {
            if (!r.is_directory() || r.path().filename().string().rfind("compare", 0) != 0) continue;
            if (is_rank_level(r.path())) runs.push_back(r.path());
            if (is_step_level(r.path())) step_level.push_back(r.path().filename().string());
        }
    }
    std::sort(runs.begin(), runs.end());
    REQUIRE(runs.size() >= 40);
    // The step-folder runs (compare_dir_*, compare_mix) go through the command line: test/cli/august_cli_test.cpp.
    CHECK(!step_level.empty());

    ThreadPool pool(2);
    std::size_t compared = 0;
    std::size_t fixed_verdicts = 0;
    for (const auto& run : runs) {
        const std::string name = run.parent_path().filename().string() + "/" + run.filename().string();
        const RunCommand command = read_command(run);
        const auto needed = std::find_if_not(command.other_flags.begin(), command.other_flags.end(),
                                             leaves_file_pair_table_alone);
        if (needed != command.other_flags.end()) {
            WARN("SKIPPED " << name << ": needs " << *needed << " (matching by other keys), not part of the table");
            continue;
        }
        const fs::path dumps = *fixtures / "dumps" / run.parent_path().filename();
        AugustOptions options;
        options.strict_compat = true;  // msprobe's outputs, defects included
        const AugustTable table = august_compare_pair(dumps / command.target, dumps / command.golden, pool, options);
        const fs::path out = testing::scratch_dir("august_conformance");
        INFO(name);
        if (command.xlsx) {
            const fs::path ours = write_august_result(table, out / "ours.xlsx", AugustFormat::Xlsx).at(0);
            const auto differences =
                testing::workbook_differences(report::read_xlsx(ours.string()),
                                              report::read_xlsx(testing::stored_output(run / "compare_result.xlsx").string()),
                                              testing::summation_order_tolerance());
            CHECK(differences == std::vector<std::string>{});
        } else {
            const fs::path ours = write_august_result(table, out / "ours.csv", AugustFormat::Csv).at(0);
            CHECK(testing::august_csv_differences(ours, testing::stored_output(run / "compare_result.csv")) == std::vector<std::string>{});
            fixed_verdicts += verdicts_fixed_apart_from_msprobe(table);
        }
        ++compared;
    }
    CHECK(compared >= 30);
    // No fixture output has a ratio between 0.1 and 0.6 after inputs above 0.9: the fix changes no row here.
    CHECK(fixed_verdicts == 0);
}
