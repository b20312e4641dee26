// run_ut's CSV dialect: BOM, CRLF, minimal quoting, formula-like texts guarded;
// files appended row group by row group read back whole.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "precision/csv_dialect.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::precision;

TEST_CASE("csv_line quotes a field only when it holds a comma, quote or line break", "[precision][csv_dialect]") {
    CHECK(csv_line({"a", "b,c", "say \"x\"", ""}) == "a,\"b,c\",\"say \"\"x\"\"\",\r\n");
    CHECK(csv_line({"line\nbreak", "cr\r"}) == "\"line\nbreak\",\"cr\r\"\r\n");
    CHECK(csv_file_start({"A", "B"}) == "\xEF\xBB\xBF" "A,B\r\n");
}

TEST_CASE("a created and appended file reads back as rows", "[precision][csv_dialect]") {
    const auto path = msprobe::testing::scratch_dir("csv_dialect") / "result.csv";
    msprobe::testing::write_file(path, csv_file_start({"API name", "Forward Test Success"}));
    append_csv(path, csv_line({"Torch.add.0", "pass"}) + csv_line({"Torch.mul.1", "a, \"b\""}));
    CHECK(msprobe::testing::read_file_text(path) ==
          "\xEF\xBB\xBF" "API name,Forward Test Success\r\nTorch.add.0,pass\r\nTorch.mul.1,\"a, \"\"b\"\"\"\r\n");
    CHECK(read_csv(path) == std::vector<CsvRow>{{"API name", "Forward Test Success"},
                                                {"Torch.add.0", "pass"},
                                                {"Torch.mul.1", "a, \"b\""}});
}

TEST_CASE("read_csv takes files without a BOM and with LF row ends", "[precision][csv_dialect]") {
    const auto path = msprobe::testing::scratch_dir("csv_dialect_lf") / "plain.csv";
    std::ofstream(path, std::ios::binary) << "A,B\nx,\"y\nz\"\n";
    CHECK(read_csv(path) == std::vector<CsvRow>{{"A", "B"}, {"x", "y\nz"}});
}

TEST_CASE("csv_line guards formula-like texts unless told to write them verbatim", "[precision][csv_dialect]") {
    const CsvRow row = {"=HYPERLINK(\"http://x\",\"y\")", "-1.5", "-1e-05", "@SUM(1)", "\tTorch.add.0"};
    const std::string guarded = "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",-1.5,-1e-05,'@SUM(1),'\tTorch.add.0\r\n";
    CHECK(csv_line(row) == guarded);
    CHECK(csv_line(row, msprobe::report::FormulaCells::Guarded) == guarded);
    CHECK(csv_line(row, msprobe::report::FormulaCells::Verbatim) ==
          "\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",-1.5,-1e-05,@SUM(1),\tTorch.add.0\r\n");
}

TEST_CASE("read_csv gives back the texts a guarded file was written from", "[precision][csv_dialect]") {
    const auto path = msprobe::testing::scratch_dir("csv_dialect_guarded") / "details.csv";
    msprobe::testing::write_file(path, csv_file_start({"API Name", "Value"}));
    append_csv(path, csv_line({"=cmd|' /C calc'!A0", "-1.5"}) + csv_line({"'=x", "-"}));
    CHECK(msprobe::testing::read_file_text(path) ==
          "\xEF\xBB\xBF" "API Name,Value\r\n'=cmd|' /C calc'!A0,-1.5\r\n''=x,'-\r\n");
    CHECK(read_csv(path) == std::vector<CsvRow>{{"API Name", "Value"}, {"=cmd|' /C calc'!A0", "-1.5"}, {"'=x", "-"}});
}

TEST_CASE("new csv files take the first second whose names are all free, never another run's file",
          "[precision][csv_dialect]") {
    const auto dir = msprobe::testing::scratch_dir("csv_dialect_new_files");
    const auto pair_at = [&](const std::string& ts) {
        return std::vector<NewCsv>{{dir / ("result_" + ts + ".csv"), {"A"}}, {dir / ("details_" + ts + ".csv"), {"B"}}};
    };
    CHECK(create_new_csvs("20260101235959", pair_at) == "20260101235959");
    append_csv(dir / "result_20260101235959.csv", csv_line({"first run"}));
    // Same second: the next one, across the day's end; the first run's file is untouched.
    CHECK(create_new_csvs("20260101235959", pair_at) == "20260102000000");
    CHECK(read_csv(dir / "result_20260101235959.csv") == std::vector<CsvRow>{{"A"}, {"first run"}});
    CHECK(read_csv(dir / "details_20260102000000.csv") == std::vector<CsvRow>{{"B"}});
    // Only the second file of a pair taken: the first one made is removed again, and the pair moves on.
    msprobe::testing::write_file(dir / "details_20260102000001.csv", "other");
    CHECK(create_new_csvs("20260102000001", pair_at) == "20260102000002");
    CHECK_FALSE(std::filesystem::exists(dir / "result_20260102000001.csv"));
    CHECK(msprobe::testing::read_file_text(dir / "details_20260102000001.csv") == "other");
}
