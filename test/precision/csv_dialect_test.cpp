// run_ut's CSV dialect: BOM, CRLF, minimal quoting; files appended row group
// by row group read back whole.
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
