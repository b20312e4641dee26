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
    create_csv(path, {"API name", "Forward Test Success"});
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
    create_csv(path, {"API Name", "Value"});
    append_csv(path, csv_line({"=cmd|' /C calc'!A0", "-1.5"}) + csv_line({"'=x", "-"}));
    CHECK(msprobe::testing::read_file_text(path) ==
          "\xEF\xBB\xBF" "API Name,Value\r\n'=cmd|' /C calc'!A0,-1.5\r\n''=x,'-\r\n");
    CHECK(read_csv(path) == std::vector<CsvRow>{{"API Name", "Value"}, {"=cmd|' /C calc'!A0", "-1.5"}, {"'=x", "-"}});
}
