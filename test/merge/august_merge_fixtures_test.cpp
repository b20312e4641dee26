// merge_result on August compare workbooks (`compare -tp … -gp … --xlsx`) equals
// msprobe's merged book, cell for cell (expected_august/*/compare_dir_step0.merge_result.*).
// The input workbooks are written at test time by our August compare, named as
// August names them, then merged by the whole merge_result job.
#include <catch2/catch.hpp>

#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "verdict_compare/verdict_table_writer.hpp"
#include "compare/verdict_table.hpp"
#include "merge/merge_job.hpp"
#include "report/xlsx_reader.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

// compare_result_rank<N>_{ts}.xlsx of every rank of <case>/npu/step0 against bench/step0.
void write_august_rank_workbooks(const fs::path& dumps, const fs::path& dir, ThreadPool& pool) {
    fs::create_directories(dir);
    compare::VerdictTableOptions options;
    options.strict_compat = true;
    for (const char* rank : {"rank0", "rank1"}) {
        const auto table = compare::compare_verdict_pair(dumps / "npu/step0" / rank / "dump.json",
                                                        dumps / "bench/step0" / rank / "dump.json", pool, options);
        const auto name = compare::verdict_result_name(false, rank, local_timestamp(), compare::OutputFormat::Xlsx);
        compare::write_verdict_table(table, dir / name, compare::OutputFormat::Xlsx);
    }
}

// Cell for cell; the EucDist sheet's numbers may differ in their last bits (summation order).
std::vector<std::string> merged_book_differences(const report::WorkbookContents& ours,
                                                 const report::WorkbookContents& expected) {
    auto differences = testing::workbook_differences(ours, expected, {{"rank0", 1e-12}, {"rank1", 1e-12}});
    std::erase_if(differences, [&](const std::string& d) { return !d.starts_with("sheet 'EucDist'"); });
    auto others = ours;
    auto expected_others = expected;
    for (auto* book : {&others, &expected_others}) {
        std::erase_if(book->sheets, [](const report::SheetContents& s) { return s.name == "EucDist"; });
    }
    const auto rest = testing::workbook_differences(others, expected_others);
    differences.insert(differences.end(), rest.begin(), rest.end());
    return differences;
}

}  // namespace

TEST_CASE("merge_result on August's 2-rank workbooks gives msprobe's merged book", "[merge_fixtures][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    ThreadPool pool(2);
    int cases = 0;
    for (const auto& case_entry : fs::directory_iterator(*fixtures / "expected_august")) {
        const std::string case_name = case_entry.path().filename().string();
        for (const char* variant : {"apis", "apis_default_index"}) {
            const fs::path merge_dir = case_entry.path() / (std::string("compare_dir_step0.merge_result.") + variant);
            if (!fs::exists(merge_dir)) continue;
            ++cases;
            DYNAMIC_SECTION(case_name << "/" << variant) {
                const fs::path scratch = testing::scratch_dir("august_merge_result");
                write_august_rank_workbooks(*fixtures / "dumps" / case_name, scratch / "_input", pool);
                merge::MergeOptions options{scratch / "_input", scratch / "out", merge_dir / "config.yaml"};
                const fs::path ours = merge::merge_results(options, pool).written;
                CHECK(ours.filename().string().starts_with("multi_ranks_compare_merge_"));
                const auto differences = merged_book_differences(
                    report::read_xlsx(ours.string()),
                    report::read_xlsx((merge_dir / "multi_ranks_compare_merge.xlsx").string()));
                CHECK(differences == std::vector<std::string>{});
            }
        }
    }
    CHECK(cases == 4);
}
