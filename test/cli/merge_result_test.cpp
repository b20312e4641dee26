// merge_result end to end: our own multi-rank compare results (xlsx and csv)
// merge into msprobe's merged book; bad input exits 2 with one line and
// writes nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>

#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/msprobe_divergences.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> files;
    if (!fs::exists(dir)) return files;
    for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Sheet by sheet, so that EucDist alone gets the summation-order tolerance (its columns are named by rank).
void require_same_book(const fs::path& ours_path, const fs::path& expected_path) {
    const auto ours = msprobe::report::read_xlsx(ours_path.string());
    const auto expected = msprobe::report::read_xlsx(expected_path.string());
    REQUIRE(ours.sheets.size() == expected.sheets.size());
    const double eucdist_tolerance = msprobe::testing::summation_order_tolerance().at("EucDist");
    for (std::size_t s = 0; s < ours.sheets.size(); ++s) {
        std::map<std::string, double> tolerance;
        if (expected.sheets[s].name == "EucDist")
            tolerance = {{"rank0", eucdist_tolerance}, {"rank1", eucdist_tolerance}};
        const auto diffs =
            msprobe::testing::workbook_differences({{ours.sheets[s]}}, {{expected.sheets[s]}}, tolerance);
        for (const auto& d : diffs) UNSCOPED_INFO(d);
        CHECK(diffs.empty());
    }
}

struct BadInput {
    fs::path dir;
    explicit BadInput(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_merge_" + name)) {
        write_text(dir / "config.yaml", "api:\n- Functional.relu\n");
    }
    msprobe::testing::ProcessResult merge(const std::string& config = "config.yaml") const {
        return run_msprobe({"-f", "pytorch", "merge_result", "-i", "in", "-o", "out", "-config", config}, dir);
    }
};

void require_clean_failure(const BadInput& ws, const msprobe::testing::ProcessResult& r, const std::string& text) {
    INFO("stderr: " << r.err << "\nstdout: " << r.out);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(text) != std::string::npos);
    CHECK_FALSE(fs::exists(ws.dir / "out"));
}

}  // namespace

TEST_CASE("merge_result merges our own 2-rank compare results into msprobe's book", "[cli][merge_result][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const char* case_name : {"dist_statistics_L1_2ranks", "dist_tensor_L1_2ranks"}) {
        for (const char* format : {"xlsx", "csv"}) {
            DYNAMIC_SECTION(case_name << " " << format) {
                const fs::path dir = msprobe::testing::scratch_dir(std::string("cli_merge_ours_") + case_name + format);
                const fs::path dumps = *fixtures / "dumps" / case_name;
                const auto compared = run_msprobe({"-f", "pytorch", "compare", "-i",
                                                   (dumps / "compare_dir_step0.json").string(), "-o", "results",
                                                   "--format", format},
                                                  dir);
                INFO(compared.err);
                REQUIRE(compared.exit_code == 0);
                for (const char* variant : {"apis", "apis_default_index"}) {
                    const fs::path expected_dir =
                        *fixtures / "expected" / case_name / (std::string("compare_dir_step0.merge_result.") + variant);
                    const fs::path out = dir / (std::string("merged_") + variant);
                    const auto merged = run_msprobe({"-f", "pytorch", "merge_result", "-i", "results", "-o",
                                                     out.string(), "-config", (expected_dir / "config.yaml").string()},
                                                    dir);
                    INFO(variant << "\n" << merged.err << merged.out);
                    REQUIRE(merged.exit_code == 0);
                    const auto written = files_in(out);
                    REQUIRE(written.size() == 1);
                    CHECK(std::regex_match(written[0].filename().string(),
                                           std::regex(R"(multi_ranks_compare_merge_\d{14}\.xlsx)")));
                    CHECK(merged.out.find("The compare results of the multi-ranks are merged and saved in: " +
                                          written[0].string() + ".") != std::string::npos);
                    require_same_book(written[0], expected_dir / "multi_ranks_compare_merge.xlsx");
                    // The summary says what the book holds, from what, by which config.
                    const auto book = msprobe::report::read_xlsx(written[0].string());
                    CHECK(merged.out.find("Merged 2 rank result files: 2 ranks, " +
                                          std::to_string(book.sheets[0].rows.size() - 1) + " rows, " +
                                          std::to_string(book.sheets.size()) + " sheets.\nRanks: rank0, rank1\n") !=
                          std::string::npos);
                    CHECK(merged.out.find("APIs (" + (expected_dir / "config.yaml").string() + "): ") !=
                          std::string::npos);
                    CHECK(merged.out.find("\nWritten:\n  " + written[0].string() + "\n") != std::string::npos);
                }
            }
        }
    }
}

TEST_CASE("merge_result logs msprobe's warnings and refuses md5 results", "[cli][merge_result][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path sample = *fixtures / "reference_samples" / "merge_result" / "md5_4ranks_rejected";
    const fs::path dir = msprobe::testing::scratch_dir("cli_merge_md5");
    const auto r = run_msprobe({"-f", "pytorch", "merge_result", "-i", (sample / "in").string(), "-o", "out", "-config",
                                (sample / "config.yaml").string()},
                               dir);
    CHECK(r.exit_code == 2);
    CHECK(r.out.find("[INFO] Parsing rank0 compare result...") != std::string::npos);
    CHECK(r.out.find("[WARNING] Rank0 compare result is 'md5' dump task and does not support merging result, please "
                     "check! The compare result will not be shown in merged result.") != std::string::npos);
    CHECK(r.err == "msprobe merge_result: error: " + (sample / "in").string() + ": Nothing to merge.\n");
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("merge_result logs the crafted sample's warnings", "[cli][merge_result][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path sample = *fixtures / "reference_samples" / "merge_result" / "crafted_summary_3ranks";
    const fs::path dir = msprobe::testing::scratch_dir("cli_merge_crafted");
    const auto r = run_msprobe({"-f", "mindspore", "merge_result", "--input_dir", (sample / "in").string(),
                                "--output_dir", "out", "--config-path", (sample / "config.yaml").string()},
                               dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    for (const char* line : {"Distributed.all_gather.0.forward not found in rank0 compare result.",
                             "Torch.matmul not found in rank0 compare result.",
                             "Distributed.broadcast not found in rank1 compare result.",
                             "Torch.matmul not found in rank1 compare result.",
                             "Rank2 compare result is empty and will not shown in merged result."}) {
        CHECK(r.out.find(std::string("[WARNING] ") + line) != std::string::npos);
    }
    const auto written = files_in(dir / "out");
    REQUIRE(written.size() == 1);
    CHECK((fs::status(written[0]).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write |
                                                                      fs::perms::group_read));
    require_same_book(written[0], sample / "expected" / "multi_ranks_compare_merge.xlsx");
}

TEST_CASE("merge_result: bad input exits 2 with one line and writes nothing", "[cli][merge_result]") {
    SECTION("missing input directory") {
        BadInput ws("no_input");
        require_clean_failure(ws, ws.merge(), "does not exist");
    }
    SECTION("a single rank") {
        BadInput ws("single");
        write_text(ws.dir / "in/compare_result_rank0_20240101010101.xlsx", "");
        require_clean_failure(ws, ws.merge(), "Number of compare result is no more than 1, no need to merge.");
    }
    SECTION("a wrongly named workbook") {
        BadInput ws("wrong_name");
        write_text(ws.dir / "in/compare_result_rank0_20240101010101.xlsx", "");
        write_text(ws.dir / "in/compare_result_rank1_20240101010101.xlsx", "");
        write_text(ws.dir / "in/compare_result_20240101010101.xlsx", "");
        require_clean_failure(ws, ws.merge(), "Wrong compare result name: compare_result_20240101010101.xlsx");
    }
    SECTION("a result that is not a workbook") {
        BadInput ws("not_xlsx");
        write_text(ws.dir / "in/compare_result_rank0_20240101010101.xlsx", "not a zip");
        write_text(ws.dir / "in/compare_result_rank1_20240101010101.xlsx", "not a zip");
        require_clean_failure(ws, ws.merge(), "compare_result_rank0_20240101010101.xlsx");
    }
    const char* const yaml_cases[][2] = {
        {"", "config.yaml is empty, please check."},
        {"compare_index: [Max diff]\n", "The APIs required to merge data were not found."},
        {"api: api1\n", "The config format of 'api' is incorrect, please check."},
        {"api: [api1]\ncompare_index: index1\n", "The config format of 'compare_index' is incorrect, please check."},
        {"api: [a\n", "Load yaml file failed"},
    };
    for (const auto& [yaml, message] : yaml_cases) {
        DYNAMIC_SECTION("config: " << message) {
            BadInput ws("yaml");
            write_text(ws.dir / "in/compare_result_rank0_20240101010101.xlsx", "");
            write_text(ws.dir / "in/compare_result_rank1_20240101010101.xlsx", "");
            write_text(ws.dir / "config.yaml", yaml);
            require_clean_failure(ws, ws.merge(), message);
        }
    }
    SECTION("a missing -config") {
        BadInput ws("no_config");
        const auto r = run_msprobe({"-f", "pytorch", "merge_result", "-i", "in", "-o", "out"}, ws.dir);
        CHECK(r.exit_code == 2);
        CHECK_FALSE(fs::exists(ws.dir / "out"));
    }
}

namespace {

// The data rows of a result book, by NPU Name (first row of a name).
std::map<std::string, std::vector<msprobe::report::Cell>> rows_by_name(const msprobe::report::SheetContents& sheet) {
    std::map<std::string, std::vector<msprobe::report::Cell>> rows;
    for (std::size_t r = 1; r < sheet.rows.size(); ++r) {
        if (!sheet.rows[r].empty() && sheet.rows[r][0].is_text())
            rows.try_emplace(std::string(sheet.rows[r][0].text()), sheet.rows[r]);
    }
    return rows;
}

std::size_t column_named(const msprobe::report::SheetContents& sheet, const std::string& name) {
    const auto& header = sheet.rows.at(0);
    for (std::size_t c = 0; c < header.size(); ++c) {
        if (header[c].is_text() && header[c].text() == name) return c;
    }
    FAIL("no column " << name);
    return 0;
}

}  // namespace

TEST_CASE("merge_result on the generator's 2-rank dumps holds each rank's compare cells", "[cli][merge_result]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_merge_generated");
    msprobe::testing::DumpPairOptions options;
    options.out = dir / "dumps";
    options.ranks = 2;
    options.apis = 200;
    msprobe::testing::generate_dump_pair(options);
    const auto compared = run_msprobe(
        {"-f", "pytorch", "compare", "-i", (options.out / "compare_dir_step0.json").string(), "-o", "results"}, dir);
    INFO(compared.err);
    REQUIRE(compared.exit_code == 0);
    write_text(dir / "config.yaml", "api:\n- Distributed.all_reduce\n- Functional\n");
    const auto merged = run_msprobe({"merge_result", "-i", "results", "-o", "merged", "-config", "config.yaml"}, dir);
    INFO(merged.err);
    REQUIRE(merged.exit_code == 0);
    const auto written = files_in(dir / "merged");
    REQUIRE(written.size() == 1);
    const auto book = msprobe::report::read_xlsx(written[0].string());

    std::vector<msprobe::report::SheetContents> ranks;
    for (const auto& file : files_in(dir / "results")) {
        if (file.extension() == ".xlsx") ranks.push_back(msprobe::report::read_xlsx(file.string()).sheets.at(0));
    }
    REQUIRE(ranks.size() == 2);
    const std::vector<std::string> indices = {"Max diff",       "Min diff",        "Mean diff",
                                              "L2norm diff",    "MaxRelativeErr",  "MinRelativeErr",
                                              "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent"};
    REQUIRE(book.sheets.size() == indices.size());
    std::size_t all_reduce_rows = 0;
    for (std::size_t s = 0; s < indices.size(); ++s) {
        const auto& sheet = book.sheets[s];
        CHECK(sheet.name == indices[s]);
        REQUIRE(sheet.rows.size() > 1);
        CHECK(sheet.rows[0] == std::vector<msprobe::report::Cell>{"NPU Name", "rank0", "rank1"});
        for (std::size_t k = 0; k < ranks.size(); ++k) {
            const auto by_name = rows_by_name(ranks[k]);
            const std::size_t column = column_named(ranks[k], indices[s]);
            for (std::size_t r = 1; r < sheet.rows.size(); ++r) {
                const auto& row = sheet.rows[r];
                const std::string name(row.at(0).text());
                INFO(indices[s] << " rank" << k << " " << name);
                CHECK((name.find("Distributed.all_reduce.") != std::string::npos ||
                       name.find("Functional.") != std::string::npos));
                if (k == 0 && s == 0 && name.find("Distributed.all_reduce.") != std::string::npos) ++all_reduce_rows;
                const auto source = by_name.find(name);
                const msprobe::report::Cell merged_cell = k + 1 < row.size() ? row[k + 1] : msprobe::report::Cell();
                if (source == by_name.end()) {
                    CHECK(merged_cell.is_empty());
                    continue;
                }
                const msprobe::report::Cell value =
                    column < source->second.size() ? source->second[column] : msprobe::report::Cell();
                if (value.is_text() &&
                    (value.text() == "N/A" || value.text() == "unsupported" || value.text() == "Nan")) {
                    CHECK(merged_cell.text().rfind("NPU:", 0) == 0);
                } else {
                    CHECK(merged_cell == value);
                }
            }
        }
    }
    CHECK(all_reduce_rows > 0);
}

TEST_CASE("merge_result refuses the generator's md5 results", "[cli][merge_result]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_merge_generated_md5");
    msprobe::testing::DumpPairOptions options;
    options.out = dir / "dumps";
    options.ranks = 2;
    options.summary_mode = msprobe::testing::SummaryMode::Md5;
    msprobe::testing::generate_dump_pair(options);
    REQUIRE(
        run_msprobe(
            {"-f", "pytorch", "compare", "-i", (options.out / "compare_dir_step0.json").string(), "-o", "results"}, dir)
            .exit_code == 0);
    write_text(dir / "config.yaml", "api:\n- Distributed.all_reduce\n");
    const auto r = run_msprobe({"merge_result", "-i", "results", "-o", "merged", "-config", "config.yaml"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(r.out.find("Rank1 compare result is 'md5' dump task and does not support merging result") !=
          std::string::npos);
    CHECK(r.err == "msprobe merge_result: error: results: Nothing to merge.\n");
    CHECK_FALSE(fs::exists(dir / "merged"));
}
