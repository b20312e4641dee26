// API names that a spreadsheet would run as formulas, through every family of
// CSV writer: August's compare CSV, April's --format csv, api_precision_compare's
// dialect; guarded by a leading quote, numbers left alone, msprobe's bytes under
// --strict_compat, and merge_result reading the guarded files back.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

const std::string kHyperlink = "=HYPERLINK(\"http://x\",\"y\")";
const std::string kCommand = "+cmd|' /C calc'!A0";
const std::string kSum = "@SUM(1)";
const std::string kTab = "\tTorch.add";

// Dump entries named after the hostile texts; the NPU's minimum is 0.5 below the
// bench's, so every row has a negative Min diff.
void write_hostile_dumps(const fs::path& npu_dir, const fs::path& bench_dir) {
    std::vector<SmallApi> npu, bench;
    for (const auto& name : {kHyperlink, kCommand, kSum, kTab}) {
        npu.push_back({name + ".0.forward", {{1, 2}}, {{1, 2}}});
        bench.push_back({name + ".0.forward", {{1.5, 2}}, {{1.5, 2}}});
    }
    write_small_dump(npu_dir, npu);
    write_small_dump(bench_dir, bench);
}

// The CSV field a guarding writer makes of `text`: quoted when it holds a quote or comma.
std::string guarded_field(const std::string& text) {
    const std::string guarded = "'" + text;
    if (guarded.find_first_of("\",") == std::string::npos) return guarded;
    std::string quoted = "\"";
    for (char c : guarded) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::string verbatim_field(const std::string& text) {
    const std::string guarded = guarded_field(text);
    return guarded.front() == '"' ? "\"" + guarded.substr(2) : guarded.substr(1);
}

bool holds(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("csv formula guard: August's compare CSV quotes hostile names, keeps numbers", "[cli][csv_formula_guard]") {
    const fs::path dir = scratch_dir("cli_csv_guard_august");
    write_hostile_dumps(dir / "npu", dir / "bench");
    const std::vector<std::string> args = {"compare", "-tp", "npu/dump.json", "-gp", "bench/dump.json"};
    auto plus = [&](std::vector<std::string> extra) {
        std::vector<std::string> all = args;
        all.insert(all.end(), extra.begin(), extra.end());
        return all;
    };
    auto r = run_msprobe(plus({"-o", "guarded"}), dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string guarded = read_file_text(output_named(dir / "guarded", "compare_result_"));
    for (const auto& name : {kHyperlink, kCommand, kSum, kTab}) {
        INFO(name);
        CHECK(holds(guarded, "\n" + guarded_field(name + ".0.forward.input.0") + ","));
        CHECK_FALSE(holds(guarded, "\n" + verbatim_field(name + ".0.forward.input.0") + ","));
    }
    CHECK(holds(guarded, ",-0.5,"));  // the Min diff, a number text: never guarded
    CHECK_FALSE(holds(guarded, "'-0.5"));

    r = run_msprobe(plus({"-o", "strict", "--strict_compat"}), dir);
    REQUIRE(r.exit_code == 0);
    const std::string strict = read_file_text(output_named(dir / "strict", "compare_result_"));
    for (const auto& name : {kHyperlink, kCommand, kSum, kTab}) {
        INFO(name);
        CHECK(holds(strict, "\n" + verbatim_field(name + ".0.forward.input.0") + ","));
    }
    CHECK_FALSE(holds(strict, "'" + kSum));
}

TEST_CASE("csv formula guard: April's --format csv quotes hostile names, keeps numbers", "[cli][csv_formula_guard]") {
    const fs::path dir = scratch_dir("cli_csv_guard_april");
    write_hostile_dumps(dir / "npu", dir / "bench");
    write_text(dir / "compare.json",
               R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json", "is_print_compare_log": true})");
    const std::vector<std::string> args = {"-f", "pytorch", "compare", "-i", "compare.json", "--format", "csv"};
    auto plus = [&](std::vector<std::string> extra) {
        std::vector<std::string> all = args;
        all.insert(all.end(), extra.begin(), extra.end());
        return all;
    };
    auto r = run_msprobe(plus({"-o", "guarded"}), dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const fs::path guarded_path = output_named(dir / "guarded", "compare_result");
    const std::string guarded = read_file_text(guarded_path);
    for (const auto& name : {kHyperlink, kCommand, kSum, kTab}) {
        INFO(name);
        CHECK(holds(guarded, "\n" + guarded_field(name + ".0.forward.input.0") + ","));
    }
    CHECK(holds(guarded, ",-0.5,"));
    CHECK_FALSE(holds(guarded, "'-0.5"));
    // Read back, the names are the dump's again.
    const auto contents = msprobe::report::read_csv(guarded_path.string());
    REQUIRE_FALSE(contents.rows.empty());
    CHECK(contents.rows[0][0].text() == kHyperlink + ".0.forward.input.0");

    r = run_msprobe(plus({"-o", "strict", "--strict_compat"}), dir);
    REQUIRE(r.exit_code == 0);
    const std::string strict = read_file_text(output_named(dir / "strict", "compare_result"));
    for (const auto& name : {kHyperlink, kCommand, kSum, kTab}) {
        INFO(name);
        CHECK(holds(strict, "\n" + verbatim_field(name + ".0.forward.input.0") + ","));
    }
}

TEST_CASE("csv formula guard: merge_result merges guarded August CSVs under their own names",
          "[cli][csv_formula_guard]") {
    const fs::path dir = scratch_dir("cli_csv_guard_merge");
    for (const char* rank : {"rank0", "rank1"}) {
        write_hostile_dumps(dir / "npu/step0" / rank, dir / "bench/step0" / rank);
    }
    auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "results"}, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(holds(read_file_text(output_named(dir / "results", "compare_result_rank0_")), guarded_field(kSum)));
    write_text(dir / "config.yaml", "api:\n- '" + kSum + "'\n- '" + kHyperlink + "'\n");
    r = run_msprobe({"merge_result", "-i", "results", "-o", "merged", "-config", "config.yaml"}, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    fs::path merged;
    for (const auto& e : fs::directory_iterator(dir / "merged")) merged = e.path();
    const auto book = msprobe::report::read_xlsx(merged.string());
    REQUIRE_FALSE(book.sheets.empty());
    std::vector<std::string> names;
    for (std::size_t row = 1; row < book.sheets[0].rows.size(); ++row) {
        names.emplace_back(book.sheets[0].rows[row].at(0).text());
    }
    // A workbook's cells are typed: the names go in as the dump spells them.
    CHECK(std::find(names.begin(), names.end(), kSum + ".0.forward.input.0") != names.end());
    CHECK(std::find(names.begin(), names.end(), kHyperlink + ".0.forward.input.0") != names.end());
    for (const auto& name : names) CHECK(name.front() != '\'');
}

TEST_CASE("csv formula guard: api_precision_compare guards a hostile message", "[cli][csv_formula_guard]") {
    const fs::path dir = scratch_dir("cli_csv_guard_precision");
    const std::string header =
        "\xEF\xBB\xBF" "API Name,Bench Dtype,DEVICE Dtype,Shape,余弦相似度,最大绝对误差,双百指标,双千指标,双万指标,"
        "二进制一致错误率,误差均衡性,均方根误差,小值域错误占比,相对误差最大值,相对误差平均值,inf/nan错误率,"
        "相对误差错误率,绝对误差错误率,ULP误差最大值,ULP误差平均值,ULP误差大于阈值占比,Status,Message\r\n";
    // A blank device dtype: the row is skipped with the NPU's message, which run_ut wrote guarded.
    std::string metrics;
    for (int i = 0; i < 17; ++i) metrics += ", ";
    const std::string line = "Functional.relu.0.forward.output.0,torch.float32, ,\"(3,)\"" + metrics + ",pass," +
                             guarded_field(kHyperlink) + "\r\n";
    write_text(dir / "npu.csv", header + line);
    write_text(dir / "gpu.csv", header + line);
    auto r = run_msprobe({"-f", "pytorch", "api_precision_compare", "-npu", "npu.csv", "-gpu", "gpu.csv", "-o", "out"},
                         dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string guarded = guarded_field(kHyperlink);
    CHECK(holds(read_file_text(output_named(dir / "out", "api_precision_compare_details_")), "," + guarded + "\r\n"));
    CHECK(holds(read_file_text(output_named(dir / "out", "api_precision_compare_result_")), "," + guarded + "\r\n"));

    r = run_msprobe({"-f", "pytorch", "api_precision_compare", "-npu", "npu.csv", "-gpu", "gpu.csv", "-o", "strict",
                     "--strict_compat"},
                    dir);
    REQUIRE(r.exit_code == 0);
    const std::string verbatim = verbatim_field(kHyperlink);
    CHECK(holds(read_file_text(output_named(dir / "strict", "api_precision_compare_details_")),
                "," + verbatim + "\r\n"));
}
