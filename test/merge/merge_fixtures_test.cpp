// merge_result on msprobe's own compare results equals msprobe's merged books,
// cell for cell (reference_samples/merge_result and expected/*/merge_result.*).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "merge/merge_job.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using msprobe::merge::load_merge_config;
using msprobe::merge::merge_rank_files;
using msprobe::merge::RankResultFile;
using msprobe::report::Cell;
using msprobe::report::WorkbookContents;

namespace {

// The merged sheets as read_xlsx would read them back (empty texts are no cells).
WorkbookContents as_read(const std::vector<msprobe::report::NamedTable>& sheets) {
    WorkbookContents book;
    for (const auto& [name, table] : sheets) {
        msprobe::report::SheetContents sheet;
        sheet.name = name;
        sheet.rows.emplace_back(table.header.begin(), table.header.end());
        for (const auto& row : table.rows) sheet.rows.push_back(row);
        book.sheets.push_back(std::move(sheet));
    }
    return book;
}

// expected/*.json: {sheet: [[header...], [row...]]}, null for an empty cell, sheets in book order.
WorkbookContents book_from_transcript(const fs::path& path) {
    const auto json = nlohmann::ordered_json::parse(msprobe::testing::read_file_text(path));
    WorkbookContents book;
    for (const auto& [name, rows] : json.items()) {
        msprobe::report::SheetContents sheet;
        sheet.name = name;
        for (const auto& row : rows) {
            std::vector<Cell> cells;
            for (const auto& value : row) {
                if (value.is_null()) {
                    cells.emplace_back();
                } else if (value.is_boolean()) {
                    cells.push_back(Cell::boolean(value.get<bool>()));
                } else if (value.is_number()) {
                    cells.emplace_back(value.get<double>());
                } else {
                    cells.emplace_back(value.get<std::string>());
                }
            }
            sheet.rows.push_back(std::move(cells));
        }
        book.sheets.push_back(std::move(sheet));
    }
    return book;
}

std::vector<RankResultFile> rank_files(const fs::path& dir) { return msprobe::merge::find_rank_results(dir); }

void require_same(const WorkbookContents& ours, const WorkbookContents& expected) {
    const auto diffs = msprobe::testing::workbook_differences(ours, expected);
    for (const auto& d : diffs) UNSCOPED_INFO(d);
    CHECK(diffs.empty());
}

}  // namespace

TEST_CASE("reference samples: crafted and real statistics results", "[merge_fixtures][fixtures]") {
    msprobe::ThreadPool pool(2);
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path samples = *fixtures / "reference_samples" / "merge_result";
    struct Case {
        const char* dir;
        const char* config;
        const char* expected;
    };
    const Case cases[] = {
        {"crafted_summary_3ranks", "config.yaml", "multi_ranks_compare_merge"},
        {"statistics_4ranks", "config.yaml", "config.multi_ranks_compare_merge"},
        {"statistics_4ranks", "config_default_index.yaml", "config_default_index.multi_ranks_compare_merge"},
        {"tensor_2ranks", "config.yaml", "multi_ranks_compare_merge"},
    };
    for (const auto& c : cases) {
        DYNAMIC_SECTION(c.dir << "/" << c.config) {
            const fs::path dir = samples / c.dir;
            const auto config = load_merge_config((dir / c.config).string());
            const auto ours = as_read(merge_rank_files(rank_files(dir / "in"), config, pool, "in"));
            const fs::path xlsx = dir / "expected" / (std::string(c.expected) + ".xlsx");
            if (fs::exists(xlsx)) require_same(ours, msprobe::report::read_xlsx(xlsx.string()));
            require_same(ours, book_from_transcript(dir / "expected" / (std::string(c.expected) + ".json")));
        }
    }
}

TEST_CASE("reference samples: the crafted sheets read as the spec's worked example", "[merge_fixtures][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dir = *fixtures / "reference_samples" / "merge_result" / "crafted_summary_3ranks";
    msprobe::ThreadPool pool(1);
    const auto sheets =
        merge_rank_files(rank_files(dir / "in"), load_merge_config((dir / "config.yaml").string()), pool, "in");
    REQUIRE(sheets.size() == 3);
    CHECK(sheets[0].name == "Max diff");
    CHECK(sheets[0].table.header == std::vector<std::string>{"NPU Name", "rank0", "rank1"});
    const auto& rows = sheets[0].table.rows;
    REQUIRE(rows.size() == 6);
    CHECK(rows[1] == std::vector<Cell>{Cell("Distributed.all_reduce.0.forward.input.group"),
                                       Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"),
                                       Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3")});
    CHECK(rows[4] ==
          std::vector<Cell>{Cell("Distributed.broadcast.0.forward.input.0"), Cell("NPU:3  Bench:inf"), Cell()});
    CHECK(rows[5] == std::vector<Cell>{Cell("Distributed.all_gather.0.forward.output.0"), Cell(), Cell(1.0)});
    CHECK(sheets[2].table.rows[0][1] == Cell("12.5%"));
}

TEST_CASE("reference samples: md5 results are refused", "[merge_fixtures][fixtures]") {
    msprobe::ThreadPool pool(2);
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dir = *fixtures / "reference_samples" / "merge_result" / "md5_4ranks_rejected";
    const auto config = load_merge_config((dir / "config.yaml").string());
    CHECK_THROWS_WITH(merge_rank_files(rank_files(dir / "in"), config, pool, "in"), "in: Nothing to merge.");
}

TEST_CASE("msprobe's 2-rank compare results merge into msprobe's merged book", "[merge_fixtures][fixtures]") {
    msprobe::ThreadPool pool(2);
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    int cases = 0;
    for (const auto& case_entry : fs::directory_iterator(*fixtures / "expected")) {
        for (const char* variant : {"apis", "apis_default_index"}) {
            const fs::path merge_dir = case_entry.path() / (std::string("compare_dir_step0.merge_result.") + variant);
            if (!fs::exists(merge_dir)) continue;
            ++cases;
            DYNAMIC_SECTION(case_entry.path().filename().string() << "/" << variant) {
                // The fixture names carry no timestamp; the ranks are given directly.
                const fs::path results = case_entry.path() / "compare_dir_step0.default";
                const std::vector<RankResultFile> files = {{0, results / "compare_result_rank0.xlsx"},
                                                           {1, results / "compare_result_rank1.xlsx"}};
                const auto config = load_merge_config((merge_dir / "config.yaml").string());
                const auto ours = as_read(merge_rank_files(files, config, pool, results.string()));
                require_same(ours, msprobe::report::read_xlsx((merge_dir / "multi_ranks_compare_merge.xlsx").string()));
            }
        }
    }
    CHECK(cases == 4);
}

TEST_CASE("msprobe's stack-and-highlight results merge like its plain ones", "[merge_fixtures][fixtures]") {
    msprobe::ThreadPool pool(2);
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const char* case_name : {"dist_statistics_L1_2ranks", "dist_tensor_L1_2ranks"}) {
        DYNAMIC_SECTION(case_name) {
            const fs::path case_dir = *fixtures / "expected" / case_name;
            const fs::path results = case_dir / "compare_dir_step0.stack_highlight";
            const fs::path merge_dir = case_dir / "compare_dir_step0.merge_result.apis";
            const std::vector<RankResultFile> files = {{0, results / "compare_result_rank0.xlsx"},
                                                       {1, results / "compare_result_rank1.xlsx"}};
            const auto config = load_merge_config((merge_dir / "config.yaml").string());
            const auto ours = as_read(merge_rank_files(files, config, pool, results.string()));
            require_same(ours, msprobe::report::read_xlsx((merge_dir / "multi_ranks_compare_merge.xlsx").string()));
        }
    }
}
