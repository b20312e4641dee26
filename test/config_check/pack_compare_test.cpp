// The whole -c run: msprobe's own unpacked packs of the fixture zipped again, compared, and the book held against
// msprobe's result.xlsx sheet by sheet, cell by cell; and what a failing run leaves behind (nothing).
#include "config_check/pack_compare.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include "common/error.hpp"
#include "pack_files.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using msprobe::config_check::compare_packs;
using msprobe::config_check::EnvColumns;

namespace {

fs::path fixture_result(const fs::path& fixtures) {
    return fixtures / "expected_august/_tools/config_check.compare/config_check_result";
}

// The cell of sheet `sheet`, row `row`, column `column` (0-based, the header is row 0).
report::Cell& cell_at(report::WorkbookContents& book, const std::string& sheet, std::size_t row, std::size_t column) {
    for (auto& s : book.sheets) {
        if (s.name == sheet) {
            REQUIRE(row < s.rows.size());
            if (s.rows[row].size() <= column) s.rows[row].resize(column + 1);
            return s.rows[row][column];
        }
    }
    FAIL("no sheet " << sheet);
    static report::Cell kNone;
    return kNone;
}

}  // namespace

TEST_CASE("pack compare: the fixture's packs give msprobe's book, env columns as named",
          "[config_check][pack_compare][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dir = testing::scratch_dir("config_check_fixture");
    testing::write_pack_of_folder(dir / "bench_pack.zip", fixture_result(*fixtures) / "bench");
    testing::write_pack_of_folder(dir / "cmp_pack.zip", fixture_result(*fixtures) / "cmp");

    SECTION("--strict_compat's swapped env columns: every sheet as msprobe wrote it") {
        compare_packs({dir / "bench_pack.zip", dir / "cmp_pack.zip", dir / "out", EnvColumns::Swapped});
        const auto ours = report::read_xlsx((dir / "out/result.xlsx").string());
        const auto expected = report::read_xlsx((fixture_result(*fixtures) / "result.xlsx").string());
        const auto differences = testing::workbook_differences(ours, expected);
        for (const auto& d : differences) UNSCOPED_INFO(d);
        CHECK(differences.empty());
        // The unpacked packs are msprobe's, file for file.
        for (const char* side : {"bench", "cmp"}) {
            for (const auto& entry : fs::recursive_directory_iterator(fixture_result(*fixtures) / side)) {
                if (!entry.is_regular_file()) continue;
                const fs::path relative = entry.path().lexically_relative(fixture_result(*fixtures));
                INFO(relative.string());
                CHECK(testing::read_file_text(dir / "out" / relative) == testing::read_file_text(entry.path()));
            }
        }
    }
    SECTION("by default the bench pack's value is under bench_value; every other cell as msprobe's") {
        compare_packs({dir / "bench_pack.zip", dir / "cmp_pack.zip", dir / "out", EnvColumns::AsNamed});
        auto ours = report::read_xlsx((dir / "out/result.xlsx").string());
        auto expected = report::read_xlsx((fixture_result(*fixtures) / "result.xlsx").string());
        // bench: HCCL_DETERMINISTIC "True", cmp: "False" (msprobe shows them the other way round).
        CHECK(cell_at(ours, "env", 1, 2).text() == "True");
        CHECK(cell_at(ours, "env", 1, 3).text() == "False");
        CHECK(cell_at(expected, "env", 1, 2).text() == "False");
        std::swap(cell_at(expected, "env", 1, 2), cell_at(expected, "env", 1, 3));
        const auto differences = testing::workbook_differences(ours, expected);
        for (const auto& d : differences) UNSCOPED_INFO(d);
        CHECK(differences.empty());
    }
}

TEST_CASE("pack compare: the book's sheets follow the items both packs hold", "[config_check][pack_compare]") {
    const fs::path dir = testing::scratch_dir("config_check_items");
    testing::write_pack_members(dir / "a.zip", {{"pip", "numpy=1.0\n"}, {"env", "{\"A\": \"1\"}"}});
    testing::write_pack_members(dir / "b.zip", {{"pip", "numpy=1.0\n"}});
    compare_packs({dir / "a.zip", dir / "b.zip", dir / "out", EnvColumns::AsNamed});
    const auto book = report::read_xlsx((dir / "out/result.xlsx").string());
    REQUIRE(book.sheets.size() == 2);
    CHECK(book.sheets[0].name == "summary");
    CHECK(book.sheets[1].name == "pip");
    REQUIRE(book.sheets[0].rows.size() == 2);
    CHECK(book.sheets[0].rows[1][0].text() == "pip");
    CHECK(book.sheets[0].rows[1][1].text() == "pass");
    CHECK(book.sheets[1].rows.size() == 1);  // the header alone
    CHECK(fs::is_regular_file(dir / "out/bench/env"));
    CHECK_FALSE(fs::exists(dir / "out/cmp/env"));
}

TEST_CASE("pack compare: a failing run leaves the output as it was", "[config_check][pack_compare]") {
    const fs::path dir = testing::scratch_dir("config_check_atomic");
    testing::write_pack_members(dir / "good.zip", {{"pip", "torch=2.1\n"}});
    testing::write_file(dir / "damaged.zip", "PK\x03\x04 not really a zip");
    SECTION("a new output folder is not created") {
        CHECK_THROWS_AS(compare_packs({dir / "good.zip", dir / "damaged.zip", dir / "new/out", EnvColumns::AsNamed}),
                        Error);
        CHECK_FALSE(fs::exists(dir / "new"));
    }
    SECTION("an earlier result stays whole") {
        compare_packs({dir / "good.zip", dir / "good.zip", dir / "out", EnvColumns::AsNamed});
        const std::string book = testing::read_file_text(dir / "out/result.xlsx");
        try {
            compare_packs({dir / "good.zip", dir / "damaged.zip", dir / "out", EnvColumns::AsNamed});
            FAIL("a damaged pack was compared");
        } catch (const Error& e) {
            CHECK(e.file() == (dir / "damaged.zip").string());
        }
        CHECK(testing::read_file_text(dir / "out/result.xlsx") == book);
        CHECK(fs::is_regular_file(dir / "out/cmp/pip"));
        std::size_t entries = 0;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir / "out")) ++entries;
        CHECK(entries == 3);  // bench, cmp, result.xlsx: no staging folder left
    }
    SECTION("a later run replaces the unpacked packs, it does not add to them") {
        testing::write_pack_members(dir / "two.zip", {{"pip", "torch=2.1\n"}, {"random/rank0.json", "{}"}});
        compare_packs({dir / "two.zip", dir / "two.zip", dir / "out", EnvColumns::AsNamed});
        CHECK(fs::exists(dir / "out/bench/random/rank0.json"));
        compare_packs({dir / "good.zip", dir / "good.zip", dir / "out", EnvColumns::AsNamed});
        CHECK_FALSE(fs::exists(dir / "out/bench/random"));
        CHECK(report::read_xlsx((dir / "out/result.xlsx").string()).sheets.size() == 2);
    }
    SECTION("a text msprobe's check_df_malicious refuses refuses the book") {
        testing::write_pack_members(dir / "m1.zip", {{"pip", "numpy=-cmd\n"}});
        try {
            compare_packs({dir / "good.zip", dir / "m1.zip", dir / "out2", EnvColumns::AsNamed});
            FAIL("the book was written");
        } catch (const Error& e) {
            CHECK(e.file() == (dir / "out2/result.xlsx").string());
            CHECK(std::string(e.reason()).find("Malicious value [-cmd]") != std::string::npos);
        }
        CHECK_FALSE(fs::exists(dir / "out2"));
    }
}
