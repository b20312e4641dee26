// The summary each subcommand ends with, end to end: its counts are those of
// the files the run wrote, its first problem is the one they hold first, with
// the model's line, and it lists the files written.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <optional>
#include <nlohmann/json.hpp>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/overflow_sample_dumps.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

std::size_t column_of(const std::vector<std::string>& header, const std::string& name) {
    const auto at = std::find(header.begin(), header.end(), name);
    REQUIRE(at != header.end());
    return static_cast<std::size_t>(at - header.begin());
}

// The line of `text` that starts with `prefix`, or "".
std::string line_starting(const std::string& text, const std::string& prefix) {
    const auto at = text.find(prefix);
    if (at == std::string::npos) return {};
    return text.substr(at, text.find('\n', at) - at);
}

nlohmann::json read_json(const fs::path& path) { return nlohmann::json::parse(read_file_text(path)); }

// A run that must succeed, and the one file it wrote into `dir`/out whose name starts with `prefix`.
std::pair<ProcessResult, fs::path> run_writing(const std::vector<std::string>& args, const fs::path& dir,
                                               const std::string& prefix) {
    auto r = run_msprobe(args, dir);
    INFO(r.err << r.out);
    REQUIRE(r.exit_code == 0);
    return {std::move(r), output_named(dir / "out", prefix)};
}

// msprobe's sample step folder of four ranks whose ranks 2 and 3 turn clean inputs into NaN; none without fixtures.
std::optional<fs::path> after_anomaly_step() {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return std::nullopt;
    return *fixtures / "reference_samples/nan_analyze/after_anomaly/step0";
}

}  // namespace

TEST_CASE("compare -tp -gp: the summary counts the result file's Result column and names its first error",
          "[cli][run_summary][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dumps = *fixtures / "dumps/mlp_statistics_L1_bf16";
    const fs::path dir = scratch_dir("cli_run_summary_august_compare");
    const auto [r, csv] = run_writing(
        {"compare", "-tp", (dumps / "npu/step0").string(), "-gp", (dumps / "bench/step0").string(), "-o", "out"}, dir,
        "compare_result_");
    const auto records = msprobe::report::read_csv_records(csv.string());
    REQUIRE(records.size() > 1);
    const std::size_t result = column_of(records[0], "Result");
    std::size_t pass = 0, warning = 0, error = 0;
    std::string first_error;
    for (std::size_t row = 1; row < records.size(); ++row) {
        const std::string& level = records[row][result];
        pass += level == "pass" ? 1 : 0;
        warning += level == "warning" ? 1 : 0;
        if (level == "error" && error++ == 0) first_error = records[row][0];
    }
    REQUIRE(error > 0);
    CHECK(line_starting(r.out, "Compared ") ==
          fmt::format("Compared {} rows: {} pass, {} warning, {} error.", records.size() - 1, pass, warning, error));
    const std::string first = line_starting(r.out, "First error: ");
    CHECK(first.starts_with("First error: " + first_error + " (rank): "));
    CHECK(r.out.find(first + "\n  at File /home/user/train/make_dumps.py, line ") != std::string::npos);
    CHECK(r.out.find("Written:\n  out/" + csv.filename().string() + "\n") != std::string::npos);
    // April's spelling of the same dumps ends with the same shape: its own rows, pass count and first error.
    const auto april =
        run_msprobe({"-f", "pytorch", "compare", "-i", (dumps / "compare.json").string(), "-o", "april"}, dir);
    REQUIRE(april.exit_code == 0);
    CHECK(line_starting(april.out, "Compared 44 rows: ").find(" pass, ") != std::string::npos);
    CHECK(april.out.find("\n  at File /home/user/train/make_dumps.py, line ") != std::string::npos);
    CHECK(april.out.find("Written:\n  april/compare_result_") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("nan_analyze: entries per rank, the anomaly its file puts first with its frame, the file",
          "[cli][run_summary][fixtures]") {
    const auto sample = after_anomaly_step();
    if (!sample) return;
    const fs::path& step = *sample;
    const fs::path dir = scratch_dir("cli_run_summary_nan_analyze");
    const auto [r, written] =
        run_writing({"-f", "pytorch", "nan_analyze", "-i", step.string(), "-o", "out"}, dir, "anomaly_analyze_");
    const auto analysis = read_json(written);
    const std::string first_rank = analysis.begin().key();  // "rank_2"
    const std::string first_api = analysis.begin().value().at(0).at("op_name");
    std::size_t entries = 0;
    for (const char* rank : {"rank", "rank1", "rank2", "rank3"})
        entries += read_json(step / rank / "dump.json").at("data").size();
    CHECK(line_starting(r.out, "Checked ").starts_with(fmt::format("Checked {} entries of 4 rank(s): ", entries)));
    CHECK(r.out.find(fmt::format("First anomaly: {} (rank{}): clean inputs, NaN/Inf in its outputs\n  at File ",
                                 first_api, first_rank.substr(5))) != std::string::npos);
    CHECK(r.out.find("Written:\n  out/" + written.filename().string() + "\n") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("overflow_check (scan): entries per dump, the report's global first overflow, the files",
          "[cli][run_summary][fixtures]") {
    const auto sample = after_anomaly_step();
    if (!sample) return;
    const fs::path& step = *sample;
    const fs::path dir = scratch_dir("cli_run_summary_overflow_scan");
    const auto [r, written] =
        run_writing({"-f", "pytorch", "overflow_check", "-i", step.string(), "-o", "out", "--format", "json"}, dir,
                    "overflow_check_");
    const auto report = read_json(written);
    const auto& first = report.at("global_first");
    std::size_t anomalies = 0;
    for (const char* rank : {"rank_0", "rank_1", "rank_2", "rank_3"}) anomalies += report.at(rank).at("entries").size();
    CHECK(line_starting(r.out, "Checked ") == fmt::format("Checked 56 entries of 4 dumps: {} anomalies.", anomalies));
    CHECK(r.out.find(fmt::format("First anomaly: {} ({}): {}\n  at File /root/example.py, line 10, in test_fcn",
                                 first.at("api").get<std::string>(), first.at("rank").get<std::string>(),
                                 first.at("class").get<std::string>())) != std::string::npos);
    CHECK(r.out.find("Written:\n  out/" + written.filename().string() + "\n") != std::string::npos);
    // Text alone writes nothing, and says so.
    const auto text = run_msprobe({"-f", "pytorch", "overflow_check", "-i", step.string()}, dir);
    CHECK(text.out.ends_with("No file written.\n"));
    fs::remove_all(dir);
}

TEST_CASE("overflow_check (August): the rank and entry of the first anomaly, counts, the analysis file",
          "[cli][run_summary]") {
    const fs::path dir = scratch_dir("cli_run_summary_august_overflow");
    const fs::path rank = dir / "step0" / "rank0";
    fs::create_directories(rank);
    write_file(rank / "dump.json", worked_example_dump());
    write_file(rank / "construct.json", "{}");
    write_file(rank / "stack.json",
               R"({"0": [["Torch.mul.0.forward"], ["File /home/u/net.py, line 7, in forward, \n y = x * x"]]})");
    const auto [r, written] =
        run_writing({"overflow_check", "-i", (dir / "step0").string(), "-o", "out"}, dir, "anomaly_analyze_");
    // Its inf and NaN literals are Python's, not JSON's: an entry is counted by its one "output" list.
    const std::string dump = worked_example_dump();
    std::size_t entries = 0;
    for (auto at = dump.find("\"output\": ["); at != std::string::npos; at = dump.find("\"output\": [", at + 1)) {
        ++entries;
    }
    CHECK(line_starting(r.out, "Checked ").starts_with(fmt::format("Checked {} entries of 1 rank(s): ", entries)));
    CHECK(r.out.find("First anomaly: Torch.mul.0.forward (rank0): clean inputs, NaN/Inf in its outputs\n"
                     "  at File /home/u/net.py, line 7, in forward: y = x * x\n") != std::string::npos);
    CHECK(r.out.find("Written:\n  out/" + written.filename().string() + "\n") != std::string::npos);
    fs::remove_all(dir);
}
