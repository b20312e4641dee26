// The row spill gives back exactly the rows it was given, every field kind
// included, and names its folder when it cannot be made.
#include "dump/row_spill.hpp"

#include <catch2/catch.hpp>
#include <limits>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "support/scoped_variable.hpp"
#include "support/varied_rows.hpp"

using msprobe::Error;
using msprobe::dump::DumpFile;
using msprobe::dump::DumpRow;
using msprobe::dump::RowSpill;
using msprobe::testing::check_same_row;
using msprobe::testing::tensor_row;
using msprobe::testing::varied_rows;

TEST_CASE("a row spill gives back the rows of the entries asked for", "[row_spill]") {
    const std::vector<DumpRow> rows = varied_rows();
    RowSpill spill;
    std::vector<std::uint64_t> ends;
    ends.push_back(spill.append("Functional.linear.0.forward", {rows[0], rows[1], rows[2]}));
    ends.push_back(spill.append("Module.empty.0.forward", {}));
    ends.push_back(spill.append("Distributed.batch_isend_irecv.0.forward", {rows[3], rows[4]}));
    spill.flush();
    CHECK(ends[0] < ends[1]);

    DumpFile all;
    spill.read(0, ends[2], all);
    CHECK(all.api_names ==
          std::vector<std::string>{"Functional.linear.0.forward", "Module.empty.0.forward",
                                   "Distributed.batch_isend_irecv.0.forward"});
    REQUIRE(all.rows.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) check_same_row(all.rows[i], rows[i]);
    CHECK(all.rows[2].api_index == 0);
    CHECK(all.rows[3].api_index == 2);

    DumpFile tail;
    tail.api_names.push_back("already there");
    spill.read(ends[0], ends[2], tail);
    CHECK(tail.api_names.size() == 3);
    REQUIRE(tail.rows.size() == 2);
    check_same_row(tail.rows[1], rows[4]);
    CHECK(tail.rows[0].api_index == 2);  // counted on from the names already in the file
}

TEST_CASE("a row spill writes out as it goes and reads across its buffer", "[row_spill]") {
    RowSpill spill;
    std::vector<std::uint64_t> ends;
    for (int i = 0; i < 20000; ++i) {  // several MiB: more than one write
        ends.push_back(spill.append("Functional.f." + std::to_string(i) + ".forward",
                                    {tensor_row("Functional.f." + std::to_string(i) + ".forward.input.0", i)}));
    }
    spill.flush();
    DumpFile some;
    spill.read(ends[9999], ends[10001], some);
    REQUIRE(some.rows.size() == 2);
    CHECK(some.rows[0].name == "Functional.f.10000.forward.input.0");
    CHECK(some.rows[1].stats[0].number == 10001.0);
    CHECK_THROWS_AS(spill.read(0, ends.back() + 1, some), std::logic_error);
}

TEST_CASE("a row spill names the folder it cannot use", "[row_spill]") {
    const msprobe::testing::ScopedVariable tmpdir("TMPDIR", "/nonexistent/msprobe-spill");
    try {
        RowSpill spill;
        FAIL("a spill was made in a missing folder");
    } catch (const Error& e) {
        CHECK(e.file() == "/nonexistent/msprobe-spill");
        CHECK(std::string(e.what()).find("set TMPDIR") != std::string::npos);
    }
}
