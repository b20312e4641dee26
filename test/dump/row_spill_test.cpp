// The row spill gives back exactly the rows it was given, every field kind
// included, and names its folder when it cannot be made.
#include "dump/row_spill.hpp"

#include <catch2/catch.hpp>
#include <limits>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "support/scoped_variable.hpp"

using msprobe::Error;
using msprobe::dump::DumpFile;
using msprobe::dump::DumpRow;
using msprobe::dump::OptionalText;
using msprobe::dump::P2POpFields;
using msprobe::dump::RowSpill;
using msprobe::dump::RowState;
using msprobe::dump::StatValue;

namespace {

bool same_stat(const StatValue& a, const StatValue& b) {
    return a.kind == b.kind && a.boolean == b.boolean && a.integer == b.integer && a.text() == b.text() &&
           (a.kind != StatValue::Kind::Number || a.number == b.number ||
            (a.number != a.number && b.number != b.number));
}

void check_same_row(const DumpRow& got, const DumpRow& want) {
    INFO(want.name);
    CHECK(got.name == want.name);
    CHECK(got.dtype == want.dtype);
    CHECK(got.shape == want.shape);
    for (std::size_t i = 0; i < 4; ++i) CHECK(same_stat(got.stats[i], want.stats[i]));
    CHECK(got.md5 == want.md5);
    CHECK(got.requires_grad == want.requires_grad);
    CHECK(got.data_file == want.data_file);
    CHECK(got.state == want.state);
    REQUIRE(static_cast<bool>(got.p2p) == static_cast<bool>(want.p2p));
    if (want.p2p) {
        CHECK(same_stat(got.p2p->op, want.p2p->op));
        CHECK(same_stat(got.p2p->peer, want.p2p->peer));
    }
}

DumpRow tensor_row(std::string name, double max) {
    DumpRow row;
    row.name = std::move(name);
    row.dtype = "torch.float32";
    row.shape = "[8, 16]";
    row.stats = {StatValue::of_number(max), StatValue::of_number(-max), StatValue::of_integer(3),
                 StatValue::of_number(1e-310)};
    row.md5 = OptionalText(std::string("0a1b2c3d"));
    row.requires_grad = true;
    row.data_file = OptionalText(std::string(row.name + ".pt"));
    return row;
}

// Every kind a field can take, one row each.
std::vector<DumpRow> varied_rows() {
    std::vector<DumpRow> rows;
    rows.push_back(tensor_row("Functional.linear.0.forward.input.0", 2.5));
    DumpRow none;
    none.name = "Functional.linear.0.forward.input.1";
    none.dtype = "None";
    none.shape = "None";
    none.state = RowState::Parameters;
    rows.push_back(none);
    DumpRow scalar;
    scalar.name = "Functional.linear.0.forward.kwargs.flag";
    scalar.dtype = "<class 'bool'>";
    scalar.shape = "[]";
    scalar.stats = {StatValue::of_bool(true), StatValue::of_bool(false), StatValue::of_text(std::string("x\0y", 3)),
                    StatValue::of_number(std::numeric_limits<double>::quiet_NaN())};
    scalar.requires_grad = false;
    scalar.state = RowState::Output;
    rows.push_back(scalar);
    DumpRow p2p = tensor_row("Distributed.batch_isend_irecv.0.forward.input.0.0", -0.0);
    p2p.p2p = std::make_shared<const P2POpFields>(
        P2POpFields{StatValue::of_text("isend"), StatValue::of_integer(1)});
    p2p.state = RowState::ParametersGrad;
    p2p.md5 = std::nullopt;
    rows.push_back(p2p);
    DumpRow long_name = tensor_row(std::string(300, 'n'), 1e300);  // names past one length byte
    long_name.state = RowState::Debug;
    rows.push_back(long_name);
    return rows;
}

}  // namespace

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
