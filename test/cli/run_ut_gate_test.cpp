// run_ut and multi_run_ut as a CI step: the end-of-run summary, --fail-on on
// a planted imprecise API, no progress lines when stderr is a file, and an API
// that compared nothing (VF.lstm: its bench output is None) read as SKIP, or
// as msprobe's pass under --strict_compat (docs/compatibility.md row 96).
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "support/deterministic_random.hpp"
#include "support/run_ut_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "support/synthetic_tensor.hpp"

#ifdef MSPROBE_WITH_TORCH

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

// The run_ut test dump (Torch.matmul.0, Functional.relu.0) plus VF.lstm.0, which run_ut does not execute.
fs::path dump_with_unexecuted_api(const std::string& name, bool imprecise_matmul) {
    const fs::path dir = msprobe::testing::scratch_dir("cli_run_ut_gate_" + name);
    const fs::path dump_json = msprobe::testing::write_run_ut_dump(dir / "dump", imprecise_matmul);
    nlohmann::ordered_json dump = nlohmann::ordered_json::parse(std::ifstream(dump_json));
    msprobe::testing::DeterministicRandom random(11);
    const auto x = msprobe::testing::uniform_tensor(random, {4, 8}, -1.0, 1.0);
    const fs::path data_dir = dir / "dump" / "dump_tensor_data";
    dump["data"]["VF.lstm.0.forward"] = {
        {"input_args", {msprobe::testing::real_tensor_record(x, data_dir, "VF.lstm.0.forward.input.0.pt")}},
        {"input_kwargs", nlohmann::ordered_json::object()},
        {"output", {msprobe::testing::real_tensor_record(x, data_dir, "VF.lstm.0.forward.output.0.pt")}}};
    std::ofstream(dump_json) << dump.dump(1);
    return dir;
}

// Result rows by API name (column 0), the header left out.
std::map<std::string, std::vector<std::string>> result_rows(const fs::path& out_dir) {
    std::map<std::string, std::vector<std::string>> rows;
    for (const auto& e : fs::directory_iterator(out_dir)) {
        if (e.path().filename().string().rfind("accuracy_checking_result_", 0) != 0) continue;
        const auto records = msprobe::report::read_csv_records(e.path().string());
        for (std::size_t r = 1; r < records.size(); ++r) rows[records[r].at(0)] = records[r];
    }
    return rows;
}

// The summary's line for the first error API `name`: its message from the result file, when there is one.
std::string first_error_line(const std::map<std::string, std::vector<std::string>>& rows, const std::string& name) {
    const std::vector<std::string>& row = rows.at(name);
    const std::string message = row.size() > 3 ? row[3] : "";
    return "First error: " + name + (message.empty() ? "" : ": " + message) + "\n";
}

msprobe::testing::ProcessResult run(const fs::path& dir, const std::string& command, std::vector<std::string> extra) {
    std::vector<std::string> args = {"-f", "pytorch", command, "-api_info", (dir / "dump" / "dump.json").string(),
                                     "-o", "out"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_msprobe(args, dir);
}

}  // namespace

TEST_CASE("run_ut --fail-on error exits 1 on the planted imprecise matmul, after writing both files", "[cli][run_ut]") {
    const fs::path dir = dump_with_unexecuted_api("fail_on_error", true);
    const auto r = run(dir, "run_ut", {"--fail-on", "error"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("msprobe run_ut: --fail-on error: 1 error and 0 warning API(s)") != std::string::npos);
    // stderr is a file here: no progress line.
    CHECK(r.err.find('\r') == std::string::npos);
    CHECK(r.err.find("APIs/s") == std::string::npos);
    const auto rows = result_rows(dir / "out");
    REQUIRE(rows.size() == 3);
    // The summary names the counts, the first error API with the result file's message for it, and both files.
    CHECK(r.out.find("Checked 3 APIs: 1 pass, 0 warning, 1 error, 1 skip.\n" +
                     first_error_line(rows, "Torch.matmul.0") + "Written:\n  out/accuracy_checking_result_") !=
          std::string::npos);
    CHECK(r.out.find("\n  out/accuracy_checking_details_") != std::string::npos);
    CHECK(rows.at("Torch.matmul.0")[1] == "error");
    CHECK(rows.at("Functional.relu.0")[1] == "pass");
    // Nothing of VF.lstm was compared: SKIP, with the detail row's reason.
    CHECK(rows.at("VF.lstm.0") ==
          std::vector<std::string>{"VF.lstm.0", "SKIP", " ", "Bench output is None, skip this test."});

    // Without the flag the same run exits 0; --fail-on warning fails it as well.
    CHECK(run(dir, "run_ut", {}).exit_code == 0);
    CHECK(run(dir, "run_ut", {"--fail-on", "warning"}).exit_code == 1);
}

TEST_CASE("run_ut --fail-on passes a precise run, a SKIP is no failure", "[cli][run_ut]") {
    const fs::path dir = dump_with_unexecuted_api("fail_on_precise", false);
    for (const char* level : {"error", "warning"}) {
        const auto r = run(dir, "run_ut", {"--fail-on", level});
        INFO(level << ": " << r.out << r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
        CHECK(r.out.find("Checked 3 APIs: 2 pass, 0 warning, 0 error, 1 skip.") != std::string::npos);
    }
}

TEST_CASE("run_ut --strict_compat writes msprobe's pass for an API that compared nothing", "[cli][run_ut]") {
    const fs::path dir = dump_with_unexecuted_api("strict", true);
    const auto r = run(dir, "run_ut", {"--strict_compat"});
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    const auto rows = result_rows(dir / "out");
    CHECK(rows.at("VF.lstm.0") == std::vector<std::string>{"VF.lstm.0", "pass", " "});
    CHECK(rows.at("Torch.matmul.0")[1] == "error");
    CHECK(r.out.find("Checked 3 APIs: 2 pass, 0 warning, 1 error, 0 skip.") != std::string::npos);
}

TEST_CASE("multi_run_ut passes --strict_compat to its workers and gates with --fail-on", "[cli][run_ut]") {
    const fs::path dir = dump_with_unexecuted_api("multi", true);
    auto r = run(dir, "multi_run_ut", {"-n", "2", "--fail-on", "error", "--strict_compat"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("msprobe multi_run_ut: --fail-on error: 1 error") != std::string::npos);
    CHECK(r.err.find('\r') == std::string::npos);
    // One summary (the parent's), none from the workers.
    CHECK(r.out.find("Checked 3 APIs: 2 pass, 0 warning, 1 error, 0 skip.\n" +
                     first_error_line(result_rows(dir / "out"), "Torch.matmul.0") + "Written:\n") != std::string::npos);
    CHECK(r.out.find("Written:\n") == r.out.rfind("Written:\n"));
    CHECK(result_rows(dir / "out").at("VF.lstm.0")[1] == "pass");
}

#endif
