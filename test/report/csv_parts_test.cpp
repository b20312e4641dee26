// The part files of a long CSV, as msprobe's write_df_to_csv names them.
#include "report/csv_parts.hpp"

#include <catch2/catch.hpp>

namespace fs = std::filesystem;
using msprobe::report::csv_part_files;

TEST_CASE("csv_part_files: up to the part size, the file itself", "[report][csv_parts]") {
    CHECK(csv_part_files(0, "out/r.csv") == std::vector<fs::path>{"out/r.csv"});
    CHECK(csv_part_files(1000000, "out/r.csv") == std::vector<fs::path>{"out/r.csv"});
    CHECK(csv_part_files(3, "out/r.csv", 3) == std::vector<fs::path>{"out/r.csv"});
}

TEST_CASE("csv_part_files: past it, numbered parts from 1 beside the name", "[report][csv_parts]") {
    // ceil(1000001 / 1000000) = 2 parts; ceil(7 / 3) = 3 parts.
    CHECK(csv_part_files(1000001, "out/r.csv") ==
          std::vector<fs::path>{"out/r_part_1.csv", "out/r_part_2.csv"});
    CHECK(csv_part_files(7, "/o/msprobe_cmp_report_20260101000000.csv", 3) ==
          std::vector<fs::path>{"/o/msprobe_cmp_report_20260101000000_part_1.csv",
                                "/o/msprobe_cmp_report_20260101000000_part_2.csv",
                                "/o/msprobe_cmp_report_20260101000000_part_3.csv"});
}
